/**
 * The scaffold's templates (templates/*.tmpl) filled in for one component. The one source
 * of both `npm run new:component` and the "Adding a component" guide, which shows these
 * same templates filled in for its example (src/docs/AddingAComponent.mdx imports them raw).
 * No Node APIs here: the guide runs it in the browser.
 */

export type ComponentNames = {
  /** The component, PascalCase: MyEsims. */
  Name: string;
  /** The feature folder and its catalogue namespace, kebab-case: account. */
  feature: string;
};

export type Template = 'component' | 'css' | 'stories' | 'en' | 'ar' | 'fr';

const NAME = /^[A-Z][A-Za-z0-9]*$/;
const FEATURE = /^[a-z][a-z0-9]*(-[a-z0-9]+)*$/;

/** checkNames rejects a name or feature the templates cannot use, saying what is expected. */
export function checkNames({ Name, feature }: ComponentNames): void {
  if (!NAME.test(Name)) throw new Error(`component name "${Name}": PascalCase letters and digits expected, e.g. MyEsims`);
  if (!FEATURE.test(feature)) throw new Error(`feature "${feature}": kebab-case expected, e.g. account or setup-guide`);
}

/** The component's name with a lower-case first letter: the prefix of its catalogue keys. */
export const keyPrefix = (Name: string): string => Name.charAt(0).toLowerCase() + Name.slice(1);

/** The default feature of a component: its name in kebab-case (MyEsims: my-esims). */
export const featureOf = (Name: string): string => Name.replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase();

/** The identifier a feature's catalogue type is imported as (setup-guide: setupGuide). */
export const namespaceIdent = (feature: string): string => feature.replace(/-([a-z0-9])/g, (_, c: string) => c.toUpperCase());

/** fill replaces the templates' placeholders: __Name__, __name__ (key prefix), __feature__. */
export function fill(template: string, { Name, feature }: ComponentNames): string {
  return template.replaceAll('__Name__', Name).replaceAll('__name__', keyPrefix(Name)).replaceAll('__feature__', feature);
}

/** Where each template's file goes, relative to webapp/. */
export function targetOf(template: Template, { Name, feature }: ComponentNames): string {
  const dir = `src/features/${feature}`;
  switch (template) {
    case 'component':
      return `${dir}/components/${Name}.tsx`;
    case 'css':
      return `${dir}/components/${Name}.module.css`;
    case 'stories':
      return `${dir}/components/${Name}.stories.tsx`;
    default:
      return `${dir}/locales/${template}.json`;
  }
}

/** The template files, by template. */
export const TEMPLATE_FILES: Record<Template, string> = {
  component: 'Component.tsx.tmpl',
  css: 'Component.module.css.tmpl',
  stories: 'Component.stories.tsx.tmpl',
  en: 'en.json.tmpl',
  ar: 'ar.json.tmpl',
  fr: 'fr.json.tmpl',
};

/**
 * mergeCatalogue adds a component's keys to a feature's catalogue (JSON text, or null when
 * the feature has none yet); a key the catalogue already has is an error, nothing is lost.
 */
export function mergeCatalogue(existing: string | null, added: string, file: string): string {
  const base = existing === null ? {} : (JSON.parse(existing) as Record<string, string>);
  const extra = JSON.parse(added) as Record<string, string>;
  const clash = Object.keys(extra).filter((k) => k in base);
  if (clash.length > 0) throw new Error(`${file} already has ${clash.join(', ')}: choose another component name`);
  return `${JSON.stringify({ ...base, ...extra }, null, 2)}\n`;
}

/**
 * registerNamespace adds a new feature's catalogue to the typed keys (src/app/i18next.d.ts),
 * so t('key') of the namespace is checked; unchanged when it is there already.
 */
export function registerNamespace(dts: string, feature: string): string {
  const ident = namespaceIdent(feature);
  const prop = ident === feature ? feature : `'${feature}'`;
  if (new RegExp(`^\\s*${prop.replace(/[-']/g, '\\$&')}: typeof `, 'm').test(dts)) return dts;
  const imports = [...dts.matchAll(/^import type .*;$/gm)];
  const lastImport = imports.at(-1);
  const resources = /(\n(\s*)resources: \{\n)/.exec(dts);
  if (!lastImport || lastImport.index === undefined || !resources) {
    throw new Error(`src/app/i18next.d.ts: add "import type ${ident} from '@/features/${feature}/locales/en.json';" and "${prop}: typeof ${ident};" to its resources by hand`);
  }
  const at = lastImport.index + lastImport[0].length;
  const withImport = `${dts.slice(0, at)}\nimport type ${ident} from '@/features/${feature}/locales/en.json';${dts.slice(at)}`;
  const indent = `${resources[2]}  `;
  return withImport.replace(/(\n\s*resources: \{\n)/, `$1${indent}${prop}: typeof ${ident};\n`);
}
