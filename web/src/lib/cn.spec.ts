import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { compile } from 'tailwindcss';
import { Scanner } from '@tailwindcss/oxide';
import { twMerge } from 'tailwind-merge';
import { cn } from './cn';

const source = join(__dirname, '..');

/** The utilities Tailwind builds for the app: the words of web/src it makes CSS for. */
async function utilitiesOfTheApp(): Promise<string[]> {
  // The app's stylesheet imports Tailwind's own ('@import "tailwindcss"'): loaded from the package.
  const tailwind = dirname(require.resolve('tailwindcss/package.json'));
  const compiler = await compile(readFileSync(join(source, 'index.css'), 'utf8'), {
    base: source,
    loadStylesheet: async (id) => {
      const path = join(tailwind, id === 'tailwindcss' ? 'index.css' : id);
      return { path, base: tailwind, content: readFileSync(path, 'utf8') };
    },
  });
  const candidates = new Scanner({ sources: [{ base: source, pattern: '**/*', negated: false }] }).scan();
  const built = new Set(
    [...compiler.build(candidates).matchAll(/\.((?:\\.|[\w-])+)/g)].map((match) => match[1]!.replace(/\\(.)/g, '$1')),
  );
  return candidates.filter((candidate) => built.has(candidate)).sort();
}

describe('cn', () => {
  it('merges every pair of the app’s utilities as tailwind-merge’s full configuration does', async () => {
    const utilities = await utilitiesOfTheApp();
    expect(utilities).toEqual(expect.arrayContaining(['bg-brand-50', 'hover:bg-brand-50', 'px-2', 'text-[0.7rem]']));
    const differing: string[] = [];
    for (const first of utilities) {
      for (const second of utilities) {
        const expected = twMerge(`${first} ${second}`);
        const merged = cn(first, second);
        // (A difference means a kind of utility, or a word of the code Tailwind reads as one, that
        // cn.ts's configuration lacks.)
        if (merged !== expected) differing.push(`${first} ${second}: ${merged}, not ${expected}`);
      }
    }
    expect(differing).toEqual([]);
  });

  it('lets a later utility replace an earlier one of its kind, and keeps the rest', () => {
    expect(cn('rounded-md bg-brand-50 px-3 text-sm', 'bg-amber-100 px-1.5', false, 'text-slate-700')).toBe(
      'rounded-md text-sm bg-amber-100 px-1.5 text-slate-700',
    );
    expect(cn('p-4', 'px-2')).toBe('p-4 px-2');
    expect(cn('px-2', 'p-4')).toBe('p-4');
    expect(cn('hover:bg-brand-50', 'bg-surface')).toBe('hover:bg-brand-50 bg-surface');
  });
});
