/**
 * `npm run wasm`: assembles each WebAssembly text module of the app (the
 * `.wat` files listed here) with wabt and writes its bytes beside it as a
 * TypeScript module (`csv-scan.wat` → `csv-scan-wasm.ts`), so the code that
 * runs it needs no loader, under Node's type stripping and in the bundles
 * alike. wasm.test.ts assembles them again and checks the written modules
 * still match their source.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import wabt from 'wabt';

const root = join(import.meta.dirname, '..');

/** The app's WebAssembly sources, relative to the repository. */
export const WAT_SOURCES = ['main/api/datapush/csv-scan.wat'];

/** Where a source's bytes are written: `x.wat` → `x-wasm.ts`. */
export const generatedPath = (source: string): string => source.replace(/\.wat$/, '-wasm.ts');

/** The module's binary, assembled with the WebAssembly features it uses (SIMD). */
export async function assemble(source: string): Promise<Uint8Array> {
  const text = await readFile(join(root, source), 'utf8');
  const toolkit = await wabt();
  const module = toolkit.parseWat(basename(source), text, { simd: true });
  try {
    module.resolveNames();
    module.validate();
    return module.toBinary({}).buffer;
  } finally {
    module.destroy();
  }
}

/** The TypeScript module holding the binary. */
export function generatedModule(source: string, bytes: Uint8Array): string {
  return [
    `// Written by \`npm run wasm\` from ${basename(source)}: do not edit; change the source and run it again.`,
    `export const WASM_BASE64 =`,
    `  '${Buffer.from(bytes).toString('base64')}';`,
    '',
  ].join('\n');
}

if (import.meta.main) {
  for (const source of WAT_SOURCES) {
    await writeFile(join(root, generatedPath(source)), generatedModule(source, await assemble(source)));
    console.warn(`wrote ${generatedPath(source)}`);
  }
}
