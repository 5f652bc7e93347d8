/**
 * Assembles the application directory the way electron-builder does from
 * build/electron-builder.yml, without Electron: the app files its `files`
 * globs select, the production dependencies with electron-builder's default
 * exclusions (and the `files` exclusions, which it applies to node_modules
 * too), and which of them `asarUnpack` keeps outside app.asar. The package
 * test checks the result; a real `npm run dist` is the only other way.
 */
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, realpathSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative, sep } from 'node:path';

const toolRequire = createRequire(import.meta.url);
const { minimatch } = toolRequire('minimatch') as {
  minimatch(path: string, pattern: string, options: { dot: boolean }): boolean;
};

export interface PackagingConfig {
  files: string[];
  asarUnpack?: string[];
}

// electron-builder's defaults (app-builder-lib fileMatcher.ts and NodeModuleCopyHelper.ts).
const excludedExtensions =
  'iml,hprof,orig,pyc,pyo,rbc,swp,csproj,sln,suo,xproj,cc,d.ts,mk,a,o,obj,forge-meta,pdb'
    .split(',')
    .map((extension) => `.${extension}`);
const excludedNames = new Set(
  (
    '.git,.hg,.svn,CVS,RCS,SCCS,__pycache__,.DS_Store,thumbs.db,.gitignore,.gitkeep,.gitattributes,.npmignore,' +
    '.idea,.vs,.flowconfig,.jshintrc,.eslintrc,.circleci,.yarn-integrity,.yarn-metadata.json,yarn-error.log,' +
    'yarn.lock,package-lock.json,npm-debug.log,pnpm-lock.yaml,bun.lock,bun.lockb,appveyor.yml,.travis.yml,' +
    'circle.yml,.nyc_output,.husky,.github,electron-builder.env,CHANGELOG.md,ChangeLog,changelog.md,' +
    'Changelog.md,Changelog,binding.gyp,node_gyp_bins'
  ).split(','),
);
const moduleTopLevelExcluded = new Set(
  'karma.conf.js,.coveralls.yml,README.md,readme.markdown,README,readme.md,Readme.md,Readme,readme,test,tests,__tests__,powered-test,example,examples,.bin'.split(
    ',',
  ),
);

export interface AssembledPackage {
  /** The app as the packaged Electron sees it (app.asar and app.asar.unpacked together). */
  appDir: string;
  /** Paths relative to appDir, with `/`. */
  files: string[];
  /** The subset asarUnpack keeps outside app.asar. */
  unpacked: string[];
}

const posix = (path: string): string => path.split(sep).join('/');
const matches = (path: string, pattern: string): boolean => minimatch(path, pattern, { dot: true });

function walk(dir: string, base: string, keep: (relativePath: string, name: string) => boolean): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    const rel = posix(relative(base, path));
    if (!keep(rel, entry.name)) continue;
    if (entry.isDirectory()) found.push(...walk(path, base, keep));
    else if (entry.isFile()) found.push(rel);
  }
  return found;
}

/** Production dependencies, transitively, as directories relative to the project's node_modules parent. */
function productionModules(projectDir: string): string[] {
  const modulesRoot = realpathSync(join(projectDir, 'node_modules'));
  const seen = new Set<string>();
  const visit = (packageDir: string, names: string[]): void => {
    const require = createRequire(join(packageDir, 'package.json'));
    for (const name of names) {
      let manifest: string;
      try {
        manifest = require.resolve(`${name}/package.json`);
      } catch {
        // Optional dependencies for other platforms, or packages without an exported package.json: look them up.
        const found = lookUp(packageDir, name);
        if (!found) continue;
        manifest = found;
      }
      const dir = realpathSync(dirname(manifest));
      if (seen.has(dir)) continue;
      seen.add(dir);
      const json = JSON.parse(readFileSync(manifest, 'utf8')) as {
        dependencies?: Record<string, string>;
        optionalDependencies?: Record<string, string>;
      };
      visit(dir, [...Object.keys(json.dependencies ?? {}), ...Object.keys(json.optionalDependencies ?? {})]);
    }
  };
  const project = JSON.parse(readFileSync(join(projectDir, 'package.json'), 'utf8')) as {
    dependencies?: Record<string, string>;
  };
  visit(projectDir, Object.keys(project.dependencies ?? {}));
  return [...seen].map((dir) => posix(join('node_modules', relative(modulesRoot, dir))));
}

function lookUp(fromDir: string, name: string): string | undefined {
  for (let dir = fromDir; ; dir = dirname(dir)) {
    const manifest = join(dir, 'node_modules', name, 'package.json');
    if (existsSync(manifest)) return manifest;
    if (dirname(dir) === dir) return undefined;
  }
}

/** Copies what `npm run dist` would put into the app into `outDir`, and says which files stay unpacked. */
export function assemblePackage(
  projectDir: string,
  config: PackagingConfig,
  outDir: string,
  /** Where the bundles were built, if not in the project's dist/ (tests build elsewhere). */
  builtDist = join(projectDir, 'dist'),
): AssembledPackage {
  const include = config.files.filter((pattern) => !pattern.startsWith('!'));
  const exclude = config.files
    .filter((pattern) => pattern.startsWith('!'))
    .map((pattern) => pattern.slice(1));
  const excludedByDefault = (name: string): boolean =>
    excludedNames.has(name) || name.startsWith('._') || excludedExtensions.some((ext) => name.endsWith(ext));
  const excludedByConfig = (rel: string): boolean => exclude.some((pattern) => matches(rel, pattern));

  // The app's own files: what a `files` pattern selects (electron-builder adds package.json itself).
  const selected = (base: string, prefix: string) => (rel: string, name: string) => {
    const full = prefix + rel;
    if (name === 'node_modules' || excludedByDefault(name) || excludedByConfig(full)) return false;
    if (full === 'dist' && prefix === '') return false;
    if (statSync(join(base, rel)).isDirectory()) return true;
    return full === 'package.json' || include.some((pattern) => matches(full, pattern));
  };
  const sourceOf = new Map<string, string>();
  for (const rel of walk(projectDir, projectDir, selected(projectDir, '')))
    sourceOf.set(rel, join(projectDir, rel));
  for (const rel of walk(builtDist, builtDist, selected(builtDist, 'dist/')))
    sourceOf.set(`dist/${rel}`, join(builtDist, rel));
  const appFiles = [...sourceOf.keys()];

  // The production dependencies: everything but the default exclusions and the `files` exclusions.
  const modulesRoot = realpathSync(join(projectDir, 'node_modules'));
  const moduleFiles = productionModules(projectDir).flatMap((moduleDir) => {
    const absolute = join(modulesRoot, moduleDir.slice('node_modules/'.length));
    return walk(absolute, absolute, (rel, name) => {
      const full = `${moduleDir}/${rel}`;
      if (excludedByDefault(name) || excludedByConfig(full)) return false;
      if (!rel.includes('/') && moduleTopLevelExcluded.has(name)) return false;
      // Nested node_modules are modules of their own (visited when they are dependencies).
      return name !== 'node_modules';
    }).map((rel) => `${moduleDir}/${rel}`);
  });

  const appDir = join(outDir, 'app');
  for (const [rel, source] of sourceOf) copyInto(source, join(appDir, rel));
  for (const rel of moduleFiles)
    copyInto(join(modulesRoot, rel.slice('node_modules/'.length)), join(appDir, rel));
  const files = [...appFiles, ...moduleFiles].sort();
  const unpacked = files.filter((rel) => (config.asarUnpack ?? []).some((pattern) => matches(rel, pattern)));
  return { appDir, files, unpacked };
}

function copyInto(from: string, to: string): void {
  mkdirSync(dirname(to), { recursive: true });
  cpSync(from, to);
}
