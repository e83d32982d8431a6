// Product artwork drawn in SVG, so the demo ships no image files.
import { useId } from 'react';
import type { ProductArt as Art } from '../catalog.js';

const GRADIENTS: Record<Art, [string, string]> = {
  gems: ['#38bdf8', '#6366f1'],
  hoard: ['#a78bfa', '#db2777'],
  vault: ['#f59e0b', '#b45309'],
  pass: ['#fb7185', '#ea580c'],
  mount: ['#67e8f9', '#2563eb'],
  expansion: ['#34d399', '#0e7490'],
  cup: ['#facc15', '#ca8a04'],
};

function Gem({ x, y, size }: { x: number; y: number; size: number }) {
  const s = size / 40;
  return (
    <g transform={`translate(${x} ${y}) scale(${s})`}>
      <path d="M-20 -8 L-10 -20 H10 L20 -8 L0 22 Z" fill="rgba(255,255,255,0.92)" />
      <path
        d="M-20 -8 H20 M-10 -20 L-6 -8 L0 22 M10 -20 L6 -8 L0 22 M-6 -8 L0 -20 L6 -8"
        fill="none"
        stroke="rgba(15,23,42,0.28)"
        strokeWidth="1.6"
        strokeLinejoin="round"
      />
    </g>
  );
}

function Icon({ art }: { art: Art }) {
  const stroke = {
    fill: 'none',
    stroke: 'rgba(255,255,255,0.95)',
    strokeWidth: 5,
    strokeLinecap: 'round',
    strokeLinejoin: 'round',
  } as const;
  switch (art) {
    case 'gems':
      return <Gem x={60} y={58} size={64} />;
    case 'hoard':
      return (
        <>
          <Gem x={40} y={70} size={40} />
          <Gem x={80} y={70} size={40} />
          <Gem x={60} y={46} size={48} />
        </>
      );
    case 'vault':
      return (
        <>
          <path d="M28 52 Q28 34 60 34 Q92 34 92 52 Z" fill="rgba(255,255,255,0.92)" />
          <rect x="28" y="52" width="64" height="36" rx="4" fill="rgba(255,255,255,0.82)" />
          <rect x="54" y="48" width="12" height="16" rx="3" fill="rgba(120,53,15,0.55)" />
          <path d="M28 52 H92" stroke="rgba(120,53,15,0.35)" strokeWidth="3" />
        </>
      );
    case 'pass':
      return (
        <>
          <path
            d="M26 40 H94 V52 A8 8 0 0 0 94 68 V80 H26 V68 A8 8 0 0 0 26 52 Z"
            fill="rgba(255,255,255,0.92)"
          />
          <path
            d="M44 40 V80"
            stroke="rgba(154,52,18,0.35)"
            strokeWidth="2.5"
            strokeDasharray="4 4"
          />
          <text
            x="70"
            y="70"
            textAnchor="middle"
            fontSize="28"
            fontWeight="800"
            fill="rgba(154,52,18,0.85)"
            fontFamily="system-ui, sans-serif"
          >
            S7
          </text>
        </>
      );
    case 'mount':
      return (
        <>
          <path
            d="M22 74 C40 70 52 58 60 40 C66 56 78 66 98 70 C84 74 74 80 66 90 C62 82 52 78 22 74 Z"
            fill="rgba(255,255,255,0.92)"
          />
          <path
            d="M60 44 C62 60 64 72 66 88"
            {...stroke}
            strokeWidth={2.5}
            stroke="rgba(30,64,175,0.35)"
          />
          <path
            d="M30 32 l4 8 l8 4 l-8 4 l-4 8 l-4 -8 l-8 -4 l8 -4 Z"
            fill="rgba(255,255,255,0.7)"
          />
        </>
      );
    case 'expansion':
      return (
        <>
          <path d="M30 70 L46 44 L58 60 L68 50 L90 70 Z" fill="rgba(255,255,255,0.92)" />
          <path d="M22 80 q8 -6 16 0 t16 0 t16 0 t16 0 t16 0" {...stroke} strokeWidth={4} />
          <circle cx="84" cy="36" r="7" fill="rgba(255,255,255,0.75)" />
        </>
      );
    case 'cup':
      return (
        <>
          <path d="M40 30 H80 V50 A20 20 0 0 1 40 50 Z" fill="rgba(255,255,255,0.92)" />
          <path
            d="M40 36 H30 A10 10 0 0 0 42 56 M80 36 H90 A10 10 0 0 1 78 56"
            {...stroke}
            strokeWidth={4}
          />
          <path d="M56 70 H64 V80 H56 Z M46 80 H74 V90 H46 Z" fill="rgba(255,255,255,0.92)" />
        </>
      );
  }
}

export function ProductArt({ art, className }: { art: Art; className?: string }) {
  const [from, to] = GRADIENTS[art];
  const id = `art-${useId()}`;
  return (
    <svg
      className={className}
      viewBox="0 0 120 120"
      preserveAspectRatio="xMidYMid slice"
      role="presentation"
      aria-hidden="true"
      focusable="false"
    >
      <defs>
        <linearGradient id={id} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor={from} />
          <stop offset="1" stopColor={to} />
        </linearGradient>
      </defs>
      <rect width="120" height="120" fill={`url(#${id})`} />
      <circle cx="98" cy="18" r="30" fill="rgba(255,255,255,0.12)" />
      <circle cx="14" cy="108" r="22" fill="rgba(255,255,255,0.1)" />
      <Icon art={art} />
    </svg>
  );
}

export function Logo() {
  const id = `logo-${useId()}`;
  return (
    <svg className="logo-mark" viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id={id} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#818cf8" />
          <stop offset="1" stopColor="#db2777" />
        </linearGradient>
      </defs>
      <rect width="32" height="32" rx="9" fill={`url(#${id})`} />
      <path d="M7 21 L13 11 L17 17 L20 13 L25 21 Z" fill="#fff" />
      <circle cx="22" cy="9" r="2.5" fill="#fff" />
    </svg>
  );
}
