/**
 * What is wrong between a namespace's English and Hindi strings: a key missing on one side, an
 * empty string, or interpolation variables ({{name}}) that differ. Every module's locales test
 * uses it (its own src/locales), and @city/shared's test runs it over every module of the repo.
 */
export interface LocaleProblems {
  missingInHi: string[];
  missingInEn: string[];
  empty: string[];
  mismatchedVariables: string[];
}

export const NO_LOCALE_PROBLEMS: LocaleProblems = { missingInHi: [], missingInEn: [], empty: [], mismatchedVariables: [] };

/** Every leaf path of a resource object ("a.b.0.c"), with its value. */
export function localeLeaves(value: unknown, prefix = ''): Map<string, unknown> {
  const out = new Map<string, unknown>();
  if (value !== null && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      for (const [p, leaf] of localeLeaves(v, prefix ? `${prefix}.${k}` : k)) out.set(p, leaf);
    }
  } else {
    out.set(prefix, value);
  }
  return out;
}

const variables = (s: unknown) =>
  [...String(s).matchAll(/{{\s*(\w+)\s*}}/g)]
    .map((m) => m[1])
    .sort()
    .join(',');

export function localeProblems(en: unknown, hi: unknown): LocaleProblems {
  const enLeaves = localeLeaves(en);
  const hiLeaves = localeLeaves(hi);
  return {
    missingInHi: [...enLeaves.keys()].filter((k) => !hiLeaves.has(k)),
    missingInEn: [...hiLeaves.keys()].filter((k) => !enLeaves.has(k)),
    empty: [...[...enLeaves].map(([k, v]) => [`en:${k}`, v] as const), ...[...hiLeaves].map(([k, v]) => [`hi:${k}`, v] as const)]
      .filter(([, v]) => typeof v !== 'string' || v.trim() === '')
      .map(([k]) => k),
    mismatchedVariables: [...enLeaves.keys()].filter((k) => hiLeaves.has(k) && variables(enLeaves.get(k)) !== variables(hiLeaves.get(k))),
  };
}
