/**
 * npm run new:component -- Name [--feature x]
 *
 * Writes a component with the guide's example ("Guides/Adding a component"): the component,
 * its CSS module, its stories (Filled, Loading, Empty, Error, Mobile) and its texts in the
 * feature's en/ar/fr catalogues; a new feature's namespace is added to src/app/i18next.d.ts.
 * It never overwrites a file or a catalogue key. --root points at another webapp copy (tests).
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { checkNames, featureOf, fill, mergeCatalogue, registerNamespace, targetOf, TEMPLATE_FILES, type ComponentNames, type Template } from './new-component/fill.ts';

const here = path.dirname(fileURLToPath(import.meta.url));

/** scaffold writes the component's files under root (a webapp folder) and returns their paths. */
export function scaffold(root: string, names: ComponentNames): string[] {
  checkNames(names);
  const written: string[] = [];
  const plan = (Object.keys(TEMPLATE_FILES) as Template[]).map((tpl) => {
    const file = path.join(root, targetOf(tpl, names));
    const text = fill(readFileSync(path.join(here, 'new-component', 'templates', TEMPLATE_FILES[tpl]), 'utf8'), names);
    if (tpl === 'en' || tpl === 'ar' || tpl === 'fr') {
      return { file, text: mergeCatalogue(existsSync(file) ? readFileSync(file, 'utf8') : null, text, path.relative(root, file)) };
    }
    if (existsSync(file)) throw new Error(`${path.relative(root, file)} exists; nothing was written`);
    return { file, text };
  });
  const dtsFile = path.join(root, 'src/app/i18next.d.ts');
  const dts = registerNamespace(readFileSync(dtsFile, 'utf8'), names.feature);
  // Everything is checked before the first write: a refused scaffold leaves no half.
  for (const { file, text } of plan) {
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, text);
    written.push(file);
  }
  if (dts !== readFileSync(dtsFile, 'utf8')) {
    writeFileSync(dtsFile, dts);
    written.push(dtsFile);
  }
  return written;
}

function main(argv: string[]): number {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { feature: { type: 'string' }, root: { type: 'string' } },
  });
  const [Name, ...extra] = positionals;
  if (!Name || extra.length > 0) {
    console.error('usage: npm run new:component -- Name [--feature x]');
    return 2;
  }
  const root = path.resolve(values.root ?? path.join(here, '..'));
  const names = { Name, feature: values.feature ?? featureOf(Name) };
  try {
    for (const f of scaffold(root, names)) console.error(`wrote ${path.relative(root, f)}`);
  } catch (err) {
    console.error(`new:component: ${err instanceof Error ? err.message : String(err)}`);
    return 1;
  }
  const stories = targetOf('stories', names);
  console.error(`\nnext:\n  npx vitest run ${stories} --project storybook --update=all   # its tests, and its first baselines: open and review them\n  npx tsc -b && npx eslint src`);
  return 0;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) process.exitCode = main(process.argv.slice(2));
