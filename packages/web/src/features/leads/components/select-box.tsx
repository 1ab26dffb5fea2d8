import { useLayoutEffect, useRef } from 'react';
import type { ChangeEvent } from 'react';
import classes from './select-box.module.css';

type SelectBoxProps = {
  label: string;
  checked: boolean;
  /** Some but not all: a dash instead of a tick. */
  indeterminate?: boolean;
  disabled?: boolean;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
};

/**
 * A native checkbox in the theme's colour. A page of 250 leads re-renders 250 of them when all
 * are selected: one element each, where Mantine's Checkbox is a small tree of components
 * (measured: selecting all 250 took 5 times as long with it).
 */
export const SelectBox = ({
  label,
  checked,
  indeterminate,
  disabled,
  onChange,
}: SelectBoxProps) => {
  const ref = useRef<HTMLInputElement>(null);
  // Only a property, not an attribute, makes a checkbox indeterminate.
  useLayoutEffect(() => {
    if (ref.current) ref.current.indeterminate = indeterminate ?? false;
  }, [indeterminate]);
  return (
    <input
      ref={ref}
      type="checkbox"
      className={classes.box}
      aria-label={label}
      checked={checked}
      disabled={disabled}
      onChange={onChange}
    />
  );
};
