import type { StorybookConfig } from '@storybook/react-vite';
import type { PluginOption } from 'vite';

// Storybook loads the project's vite.config.ts; drop the library-only plugins (bundled .d.ts, dist/styles.css).
const libraryOnly = /dts|tool-steps:emit-styles-css/;
const withoutLibraryPlugins = (plugins: PluginOption[] = []): PluginOption[] =>
  plugins
    .flat(Number.POSITIVE_INFINITY as 1)
    .filter((p) => !(p && typeof p === 'object' && 'name' in p && libraryOnly.test(String(p.name))));

const config: StorybookConfig = {
  stories: ['../stories/**/*.stories.@(ts|tsx)'],
  addons: ['@storybook/addon-docs', '@storybook/addon-vitest', '@storybook/addon-a11y'],
  framework: { name: '@storybook/react-vite', options: {} },
  core: { disableTelemetry: true, disableWhatsNewNotifications: true },
  typescript: { reactDocgen: 'react-docgen-typescript' },
  viteFinal: (cfg) => ({ ...cfg, plugins: withoutLibraryPlugins(cfg.plugins) }),
};

export default config;
