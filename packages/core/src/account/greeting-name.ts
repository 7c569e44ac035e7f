/**
 * Titles a greeting leaves out (issue 20: "Hello, Dr" for "Dr Olu Adeyemi"), lower case, without the
 * dot. Only whole words count, so "Drew" and "Miss" in "Missy" stay names.
 */
const TITLES: ReadonlySet<string> = new Set(['dr', 'mr', 'mrs', 'ms', 'miss', 'prof', 'mx']);

/**
 * The name to greet a person with: the first word of `fullName` that is not a title (Dr, Mr, Mrs, Ms,
 * Miss, Prof, Mx, with or without a dot, in any case; several in a row, "Prof. Dr Ana Ruiz", are all
 * left out). A name that is nothing but titles ("Dr") is greeted as written rather than with nothing;
 * an empty or blank name gives ''.
 */
export function greetingName(fullName: string): string {
  const words = fullName.trim().split(/\s+/).filter(Boolean);
  const name = words.find((word) => !TITLES.has(word.replace(/\.$/, '').toLowerCase()));
  return name ?? words.join(' ');
}
