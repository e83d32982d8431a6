import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The page calls its own origin; /api goes on to the server beside it (server.js).
const proxy = { '/api': process.env.API_ORIGIN ?? 'http://127.0.0.1:3000' };

export default defineConfig({ plugins: [react()], server: { proxy }, preview: { proxy } });
