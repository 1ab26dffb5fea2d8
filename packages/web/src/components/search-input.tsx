import { useState } from 'react';
import type { ReactNode } from 'react';
import { CloseButton, TextInput } from '@mantine/core';
import type { TextInputProps } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';

type DebouncedInputProps = Omit<TextInputProps, 'value' | 'onChange' | 'defaultValue'> & {
  /** The committed value (from the URL). */
  value: string;
  /** Called about `delay` ms after the user stops typing, with the trimmed text. */
  onCommit: (value: string) => void;
  delay?: number;
  leftSection?: ReactNode;
};

/**
 * A text filter that commits after a pause in typing. It follows outside changes of `value`
 * (back / forward, a reset) without fighting the user's own typing.
 */
export const DebouncedInput = ({ value, onCommit, delay = 300, ...props }: DebouncedInputProps) => {
  const [draft, setDraft] = useState(value);
  const [seen, setSeen] = useState(value);
  if (value !== seen) {
    setSeen(value);
    if (value !== draft.trim()) setDraft(value);
  }
  const commit = useDebouncedCallback((next: string) => onCommit(next.trim()), delay);

  return (
    <TextInput
      {...props}
      value={draft}
      onChange={(event) => {
        const next = event.currentTarget.value;
        setDraft(next);
        commit(next);
      }}
      onKeyDown={(event) => {
        if (event.key === 'Enter') commit.flush();
      }}
      rightSection={
        draft ? (
          <CloseButton
            size="sm"
            aria-label={`Clear ${typeof props.label === 'string' ? props.label.toLowerCase() : 'text'}`}
            onClick={() => {
              commit.cancel();
              setDraft('');
              onCommit('');
            }}
          />
        ) : null
      }
    />
  );
};
