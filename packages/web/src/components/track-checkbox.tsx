import { Checkbox } from '@mantine/core';
import type { CheckboxProps } from '@mantine/core';
import type { Ref } from 'react';

/**
 * "Track opens and clicks" of an email, a bulk run or a campaign: shown (by the caller) only
 * when the organisation's switch is on. Leads marked "Do not track" are never tracked.
 */
export const TrackCheckbox = ({
  ref,
  ...props
}: CheckboxProps & { ref?: Ref<HTMLInputElement> }) => (
  <Checkbox
    ref={ref}
    label="Track opens and clicks"
    description="Opens and clicks are counted apart: people, privacy proxies and machines. Leads marked Do not track never are."
    {...props}
  />
);
