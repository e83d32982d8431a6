import type { StorybookConfig } from '@storybook/react-vite';
import type { PluginOption } from 'vite';

const config: StorybookConfig = {
  framework: '@storybook/react-vite',
  stories: ['../stories/**/*.mdx', '../stories/**/*.stories.@(ts|tsx)'],
  addons: ['@storybook/addon-docs', '@storybook/addon-a11y', '@storybook/addon-vitest'],
  // public/ holds MSW's mockServiceWorker.js, through which the stories reach the sandbox.
  staticDirs: ['../public'],
  core: { disableTelemetry: true, disableWhatsNewNotifications: true },
  // The stories are the introduction; Storybook's own onboarding checklist is noise here.
  features: { sidebarOnboardingChecklist: false },
  typescript: {
    // Prop tables come from the TypeScript types, doc comments included, across files.
    reactDocgen: 'react-docgen-typescript',
    reactDocgenTypescriptOptions: {
      shouldExtractLiteralValuesFromEnum: true,
      shouldRemoveUndefinedFromOptional: true,
      exclude: ['**/**.stories.tsx', '.storybook/**'],
      propFilter: (prop) => !prop.parent || !/node_modules/.test(prop.parent.fileName),
    },
  },
  // vite.config.ts is the library build: its d.ts plugins (the declarations and the
  // stylesheet's) have no place in Storybook.
  viteFinal(viteConfig) {
    viteConfig.plugins = withoutPlugins(viteConfig.plugins ?? [], /dts/);
    // Storybook's own preview and axe make big chunks by design; the library has its size check.
    viteConfig.build = { ...viteConfig.build, chunkSizeWarningLimit: 1500 };
    return viteConfig;
  },
};

function withoutPlugins(plugins: PluginOption[], name: RegExp): PluginOption[] {
  return plugins
    .map((plugin) => (Array.isArray(plugin) ? withoutPlugins(plugin, name) : plugin))
    .filter(
      (plugin) =>
        !(plugin && typeof plugin === 'object' && 'name' in plugin && name.test(plugin.name)),
    );
}

export default config;
