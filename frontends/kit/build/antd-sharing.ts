import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

/**
 * antd shared component by component instead of whole.
 *
 * Every `import { Button, Card } from 'antd'` of the product's sources is compiled to `antd/es/button` and
 * `antd/es/card` (swc's transformImport), and each such module is a shared singleton of its own: a page loads the
 * components it renders, not the whole library. All of them must come from ONE container, because antd's
 * contexts (theme, the <App> notification holder, form state) live in internal modules that the component
 * modules import by relative path, which Module Federation cannot share: two containers' copies of Card would
 * see two different ConfigProvider contexts. So the shell (the host, whose share scope is registered first and
 * therefore wins for equal versions) provides every component used anywhere in the product — found by reading
 * the sources at build time, so a remote that starts using another component needs no list edited. A production
 * remote provides none of them (`import: false`): the federation runtime would otherwise prefer a remote's copy of a
 * component the shell has not loaded yet (equal versions are decided by container name). Development builds keep
 * their fallbacks, for working on a remote alone.
 */

/** The antd module of an exported member, as swc's transformImport names it (`InputNumber` -> `antd/es/input-number`). */
export function antdModuleOf(member: string): string {
  const kebab = member.replace(/([a-z0-9])([A-Z])/g, '$1-$2').replace(/([A-Z])([A-Z][a-z])/g, '$1-$2').toLowerCase();
  return `antd/es/${kebab}`;
}

/** The swc-loader option rewriting named antd imports to per-component modules. */
export const antdTransformImport = [{ libraryName: 'antd', customName: 'antd/es/{{ kebabCase member }}', style: false }];

/** What antdCoreModules matches under node_modules ('/' standing for either path separator). */
const antdCorePaths = [
  'antd/es/(_util|locale|style|theme|config-provider|version|tooltip/UniqueProvider|date-picker/locale|time-picker/locale|calendar/locale)/',
  'antd/es/(space/Compact|space/style/compact|form/validateMessagesContext|modal/locale|color-picker/color)\\.js$',
  '@rc-component/(util|motion|trigger|resize-observer|portal|picker/es/locale|pagination/es/locale)/',
  '@rc-component/color-picker/es/(color|util)\\.js$',
  '@ant-design/icons/es/(components/|(utils|cssUtils|renderUtils)\\.js$|icons/(LoadingOutlined|CloseOutlined|CheckCircleFilled|CloseCircleFilled|ExclamationCircleFilled|InfoCircleFilled)\\.js$)',
  '@ant-design/icons-svg/es/asn/(LoadingOutlined|CloseOutlined|CheckCircleFilled|CloseCircleFilled|ExclamationCircleFilled|InfoCircleFilled)\\.js$',
  '@ant-design/(cssinjs|cssinjs-utils|colors|fast-color)/',
  '(@babel/runtime|@emotion|react-is|is-mobile|clsx|stylis)/',
];

/**
 * The modules (almost) every antd component imports: antd's utilities, locale, theme, styles and ConfigProvider,
 * the rc-component and @ant-design helpers under them, colour parsing, and the loading, close and status icons. Each component being a
 * shared module of its own, it is an async chunk group of its own, and helpers shared by several groups but below
 * splitChunks' 20 KB minimum were copied into each component's chunks: the dashboard loaded 88 KB of source more
 * than once, wizard step 2 253 KB. The host puts them in one chunk ('antd-core'), loaded once with the first component.
 */
export const antdCoreModules = new RegExp(
  `[\\\\/]node_modules[\\\\/](${antdCorePaths.map((pattern) => pattern.replaceAll('/', '[\\\\/]')).join('|')})`,
);

function sourceFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return sourceFiles(file);
    return /\.tsx?$/.test(name) ? [file] : [];
  });
}

/** The values (not types) the sources under `roots` import by name from `packageName`, sorted. */
export function namedImportsOf(packageName: string, roots: readonly string[]): string[] {
  const quoted = packageName.replace(/[/.]/g, (c) => `\\${c}`);
  const pattern = new RegExp(`import\\s+(type\\s+)?\\{([^}]*)\\}\\s+from\\s+['"]${quoted}['"]`, 'g');
  const members = new Set<string>();
  for (const file of roots.flatMap(sourceFiles)) {
    for (const match of readFileSync(file, 'utf8').matchAll(pattern)) {
      if (match[1]) continue;
      for (const part of match[2]!.split(',')) {
        const name = part.trim();
        if (!name || name.startsWith('type ')) continue;
        members.add(name.split(/\s+as\s+/)[0]!.trim());
      }
    }
  }
  return [...members].sort();
}

/** The source folders of the shell, every remote and the kit (the frontends folder's packages). */
export function frontendSourceRoots(frontendsDir: string): string[] {
  return readdirSync(frontendsDir)
    .map((name) => path.join(frontendsDir, name, 'src'))
    .filter((dir) => existsSync(dir));
}

/**
 * The Module Federation `shared` entries of antd for one container: one singleton per component module the
 * product uses. `provideAll` (the shell): each is built into this container and offered to the share scope even
 * when the container itself does not import it (an absolute `import` makes the plugin include it). `consumeOnly`
 * (a production remote): none is built in, each comes from the shell.
 */
export function antdShares(options: { frontendsDir: string; fromDir: string; requiredVersion: string; provideAll: boolean; consumeOnly: boolean }) {
  const require = createRequire(path.join(options.fromDir, 'package.json'));
  const version = (require('antd/package.json') as { version: string }).version;
  const modules = [...new Set(namedImportsOf('antd', frontendSourceRoots(options.frontendsDir)).map(antdModuleOf))];
  return Object.fromEntries(
    modules.map((shareKey) => [
      shareKey,
      {
        singleton: true,
        requiredVersion: options.requiredVersion,
        version,
        ...(options.provideAll ? { import: require.resolve(shareKey) } : options.consumeOnly ? { import: false as const } : {}),
      },
    ]),
  );
}
