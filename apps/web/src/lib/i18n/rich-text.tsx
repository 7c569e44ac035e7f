import { Fragment, type ReactNode } from 'react';
import { t, type MessageId, type MessageValues } from './i18n';

/*
 * A translated sentence with parts that are elements (a name in bold): each language decides where the
 * parts go, so the sentence is one message with `{placeholders}` for them, not pieces glued in code.
 */
const OPEN = '\u0001';
const CLOSE = '\u0002';
const MARKED = new RegExp(`${OPEN}(\\w+)${CLOSE}`);

/**
 * `message` cut at the parts' marks (from {@link partMarks}), each mark replaced by its element; a mark
 * with no element stays out.
 */
export function placeParts(message: string, parts: Readonly<Record<string, ReactNode>>): ReactNode[] {
  const pieces = message.split(MARKED);
  // split with a capture group alternates text and the captured names: text, name, text, name, text…
  return pieces.map((piece, index) =>
    index % 2 === 0 ? piece : <Fragment key={`${piece}-${index}`}>{parts[piece]}</Fragment>,
  );
}

/** The placeholder values that mark where each part goes. */
export function partMarks(names: readonly string[]): Record<string, string> {
  return Object.fromEntries(names.map((name) => [name, `${OPEN}${name}${CLOSE}`]));
}

/** The message `id` in the current language, with `parts` (elements) at their placeholders. */
export function tParts(
  id: MessageId,
  parts: Readonly<Record<string, ReactNode>>,
  values: MessageValues = {},
): ReactNode[] {
  return placeParts(t(id, { ...values, ...partMarks(Object.keys(parts)) }), parts);
}
