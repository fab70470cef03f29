import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip, gzipSync } from 'node:zlib';
import { rspack, type Compiler, type Configuration, type RspackPluginInstance } from '@rspack/core';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { antdCoreModules, antdShares, antdTransformImport } from './antd-sharing';
import { sharedSubset } from './shared-subset';

type FederationOptions = ConstructorParameters<typeof ModuleFederationPlugin>[0];

/**
 * Libraries every federated bundle shares as singletons: one React, one router, one QueryClient
 * context. react-dom/client is requested separately from react-dom, so it needs its own key. antd
 * is shared too, component by component (see antd-sharing.ts: one theme, one notification holder,
 * and a page loads only the components it renders). @ant-design/icons is not shared on purpose:
 * each bundle keeps only the icons it uses instead of loading the whole icon set.
 * @hsa/ui-kit is not shared either: it keeps no module state or React context of its own (toasts go
 * through antd's <App> context, data through the QueryClient context), so each bundle can carry
 * the tree-shaken part it needs.
 */
export const sharedSingletonNames = [
  'react',
  'react-dom',
  'react-dom/client',
  '@tanstack/react-query',
  'react-router',
] as const;

function requiredVersionOf(dependencies: Record<string, string>, packageName: string): string {
  const requiredVersion = dependencies[packageName];
  if (!requiredVersion) throw new Error(`${packageName} must be a dependency to be shared`);
  return requiredVersion;
}

/** The shared singletons of one container; the host (`provideAll`) offers every antd component the product uses. */
export function sharedSingletons(
  dependencies: Record<string, string>,
  antd?: { dir: string; provideAll: boolean; consumeOnly: boolean },
  /** Libraries shared as a generated subset (see shared-subset.ts): the version they are shared as. */
  subsetVersions: Record<string, string> = {},
): NonNullable<FederationOptions['shared']> {
  const libraries = Object.fromEntries(
    sharedSingletonNames.map((name) => {
      const packageName = name === 'react-dom/client' ? 'react-dom' : name;
      const version = subsetVersions[name];
      return [name, { singleton: true, requiredVersion: requiredVersionOf(dependencies, packageName), ...(version ? { version } : {}) }];
    }),
  );
  if (!antd) return libraries;
  const components = antdShares({
    frontendsDir: path.dirname(antd.dir),
    fromDir: antd.dir,
    requiredVersion: requiredVersionOf(dependencies, 'antd'),
    provideAll: antd.provideAll,
    consumeOnly: antd.consumeOnly,
  });
  return { ...libraries, ...components };
}

export interface WebBuildOptions {
  /** The package folder (absolute). */
  dir: string;
  /** Federation name, also output.uniqueName. */
  name: string;
  /** '/' for the shell; 'auto' for remotes, so they work wherever they are served. */
  publicPath: string;
  federation: Omit<FederationOptions, 'name' | 'shared'>;
  /** Page title and template of the generated index.html. */
  html: { title: string; template: string; favicon?: string };
  mode: 'production' | 'development';
}

/**
 * Parts of antd that a component imports for a feature the product does not use, made lazily loaded modules: the
 * same component, loaded the first time that feature renders.
 * - Typography's in-place editor (a TextArea, with antd's Input: about 9 KB on the dashboard's wire), imported into
 *   every page that shows a Title or a Text, though only `editable` texts render it and the product has none.
 * - Card's Tabs (with the menu, dropdown and overflow code: about 18 KB on the wizard's step 2), imported into every
 *   page with a Card, though only a Card with a `tabList` renders them and the product has none.
 */
const lazyAntdParts = [
  { importer: /[\\/]antd[\\/]es[\\/]typography[\\/]Base$/, request: /^\.\.\/Editable$/, standIn: 'typography-editable.tsx' },
  { importer: /[\\/]antd[\\/]es[\\/]card$/, request: /^\.\.\/tabs$/, standIn: 'card-tabs.tsx' },
];

/** The plugins putting lazyAntdParts' stand-ins (in ./lazy-antd) in place of what those antd modules import. */
function lazyAntdPartReplacements(): RspackPluginInstance[] {
  return lazyAntdParts.map(({ importer, request, standIn }) => {
    const replacement = fileURLToPath(new URL(`./lazy-antd/${standIn}`, import.meta.url));
    return new rspack.NormalModuleReplacementPlugin(request, (resource) => {
      if (importer.test(resource.context)) resource.request = replacement;
    });
  });
}

/** One rspack configuration for the shell and every remote. */
export function createWebConfig(options: WebBuildOptions): Configuration {
  const { dir, name, mode } = options;
  const production = mode === 'production';
  const pkg = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as {
    dependencies: Record<string, string>;
  };
  const jsName = production ? 'static/js/[name].[contenthash:8].js' : 'static/js/[name].js';
  const cssName = production ? 'static/css/[name].[contenthash:8].css' : 'static/css/[name].css';
  const packageConditions = ['browser', 'import', 'module', 'webpack', mode, 'default'];
  // react-router's entry also carries server rendering, sessions and RSC: share what the product imports of it.
  const router = sharedSubset('react-router', { dir, cacheDir: path.join(dir, 'node_modules', '.cache', 'shared-subsets') });

  return {
    mode,
    context: dir,
    target: ['web', 'es2022'],
    entry: { main: './src/index.ts' },
    devtool: production ? 'source-map' : 'eval-cheap-module-source-map',
    output: {
      path: path.join(dir, 'dist'),
      publicPath: options.publicPath,
      uniqueName: name,
      filename: jsName,
      chunkFilename: jsName,
      cssFilename: cssName,
      cssChunkFilename: cssName,
      assetModuleFilename: 'static/media/[name].[contenthash:8][ext]',
      clean: true,
    },
    resolve: {
      extensions: ['.ts', '.tsx', '.mjs', '.js', '.json'],
      // Workspace packages are bundled from their TypeScript sources.
      conditionNames: ['source', ...packageConditions],
      alias: router.alias,
    },
    module: {
      rules: [
        // ...but a few npm packages also publish a "source" entry (raw TypeScript): not for them.
        { test: /[\\/]node_modules[\\/]/, resolve: { conditionNames: packageConditions } },
        {
          test: /\.tsx?$/,
          exclude: /node_modules/,
          loader: 'builtin:swc-loader',
          options: {
            transformImport: antdTransformImport,
            jsc: {
              parser: { syntax: 'typescript', tsx: true },
              transform: { react: { runtime: 'automatic', development: !production, refresh: false } },
            },
            env: { targets: 'chrome >= 107, edge >= 107, firefox >= 104, safari >= 16' },
          },
          type: 'javascript/auto',
        },
        { test: /\.css$/, type: 'css' },
        { test: /\.(svg|png|jpe?g|webp|avif)$/, type: 'asset' },
        // The contract modules only declare schemas and constants: let unused ones (and zod) drop out.
        { test: /[\\/]contracts[\\/]src[\\/]/, sideEffects: false },
        // antd's form context (imported by every component through its ContextIsolator) takes only FormProvider from
        // @rc-component/form, which declares no sideEffects: without this, the whole form library and its validator
        // (12 KB on the wire) came with any antd component, on pages without a form.
        { test: /[\\/]node_modules[\\/]@rc-component[\\/]form[\\/]/, sideEffects: false },
      ],
    },
    plugins: [
      new rspack.HtmlRspackPlugin({
        template: options.html.template,
        title: options.html.title,
        favicon: options.html.favicon,
        // The federation runtime needs the shell's entry as a classic script.
        scriptLoading: 'defer',
        minify: production,
      }),
      new ModuleFederationPlugin({
        ...options.federation,
        name,
        // The host (no exposed modules: the shell) provides every antd component; remotes consume them.
        shared: sharedSingletons(
          pkg.dependencies,
          { dir, provideAll: !options.federation.exposes, consumeOnly: !!options.federation.exposes && production },
          { 'react-router': router.version },
        ),
        shareStrategy: 'loaded-first',
        dts: false,
        // One federation runtime per page: the shell's. A production remote does not carry its own copy (about 25 KB
        // on the wire on every page); it finds the shell's, so a production remote's standalone index.html needs the
        // shell (development builds keep their own runtime for working on a remote alone).
        ...(production
          ? { experiments: { ...(options.federation.exposes ? { externalRuntime: true } : { provideExternalRuntime: true }), optimization: { target: 'web' } } }
          : {}),
      }),
      ...lazyAntdPartReplacements(),
      production ? new PrecompressPlugin() : null,
      production ? new GzipReportPlugin(name) : null,
    ].filter(Boolean) as RspackPluginInstance[],
    optimization: {
      minimize: production,
      splitChunks: {
        cacheGroups: {
          // Webpack's default vendor group, which also takes the stand-ins of lazyAntdParts: each belongs in the chunk
          // of the antd code that imports it, not in a chunk (and request) of its own.
          defaultVendors: { test: /[\\/]node_modules[\\/]|[\\/]lazy-antd[\\/]/, priority: -10, reuseExistingChunk: true },
          // The host's antd components: what they all import in one chunk (see antdCoreModules).
          ...(options.federation.exposes ? {} : { antdCore: { test: antdCoreModules, name: 'antd-core', chunks: 'async' as const, enforce: true, priority: 10 } }),
        },
      },
    },
    performance: false,
    experiments: { css: true },
  };
}

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * Writes a brotli (`.br`, quality 11) and a gzip (`.gz`, level 9) sibling of every text asset of a production build
 * (scripts, stylesheets, HTML, JSON such as mf-manifest.json, SVG), so the web server sends them precompressed
 * instead of compressing on every request. Skips files under 1 KiB and files that compress by less than a fifth.
 * Source maps stay uncompressed (only developer tools fetch them).
 */
export class PrecompressPlugin {
  static readonly test = /\.(m?js|css|html|json|svg|txt)$/;
  static readonly minBytes = 1024;
  static readonly maxRatio = 0.8;

  apply(compiler: Compiler): void {
    const { Compilation, sources } = compiler.rspack;
    compiler.hooks.thisCompilation.tap('PrecompressPlugin', (compilation) => {
      compilation.hooks.processAssets.tapPromise(
        // After every other plugin has emitted and optimized its assets (HTML, federation manifest, minified code).
        { name: 'PrecompressPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_REPORT },
        async () => {
          const candidates = compilation
            .getAssets()
            .filter((asset) => PrecompressPlugin.test.test(asset.name) && asset.source.size() >= PrecompressPlugin.minBytes);
          await Promise.all(
            candidates.map(async (asset) => {
              const input = asset.source.buffer();
              const [br, gz] = await Promise.all([
                brotli(input, {
                  params: {
                    [zlibConstants.BROTLI_PARAM_QUALITY]: zlibConstants.BROTLI_MAX_QUALITY,
                    [zlibConstants.BROTLI_PARAM_SIZE_HINT]: input.length,
                  },
                }),
                gzipAsync(input, { level: 9 }),
              ]);
              for (const [extension, output] of [['br', br], ['gz', gz]] as const) {
                if (output.length <= input.length * PrecompressPlugin.maxRatio) {
                  compilation.emitAsset(`${asset.name}.${extension}`, new sources.RawSource(output));
                }
              }
            }),
          );
        },
      );
    });
  }
}

/** Prints the raw and gzip size of every emitted script and stylesheet after a production build. */
export class GzipReportPlugin {
  constructor(private readonly label: string) {}

  apply(compiler: Compiler): void {
    compiler.hooks.afterEmit.tap('GzipReportPlugin', (compilation) => {
      const rows = compilation
        .getAssets()
        .filter((asset) => /\.(m?js|css)$/.test(asset.name))
        .map((asset) => {
          const source = asset.source.buffer();
          return { name: asset.name, raw: source.length, gzip: gzipSync(source, { level: 9 }).length };
        })
        .sort((a, b) => b.gzip - a.gzip);
      const kib = (bytes: number) => `${(bytes / 1024).toFixed(1).padStart(7)} KiB`;
      const lines = rows.map((row) => `  ${kib(row.raw)}  ${kib(row.gzip)} gzip  ${row.name}`);
      const js = rows.filter((row) => /\.m?js$/.test(row.name)).reduce((sum, row) => sum + row.gzip, 0);
      console.log(
        [`\n[${this.label}] emitted assets (raw, gzip):`, ...lines, `  all JavaScript: ${js} bytes gzip (${kib(js).trim()})`].join('\n'),
      );
    });
  }
}
