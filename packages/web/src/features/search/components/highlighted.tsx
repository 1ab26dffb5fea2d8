import { highlightParts } from '@leadline/shared/search';

/** `text` with the query's words marked (<mark>), found by plain search, never as HTML. */
export const Highlighted = ({ text, words }: { text: string; words: readonly string[] }) => (
  <>
    {highlightParts(text, words).map((part, index) =>
      part.match ? <mark key={index}>{part.text}</mark> : <span key={index}>{part.text}</span>,
    )}
  </>
);
