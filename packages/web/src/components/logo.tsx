import { useState } from 'react';
import { Group, Text, ThemeIcon } from '@mantine/core';
import { LOGO_SRC, PRODUCT_NAME } from '../lib/constants.ts';

type LogoProps = { height?: number };

/** The logo image; if it fails to load, a text logo with a letter icon. */
export const Logo = ({ height = 30 }: LogoProps) => {
  const [failed, setFailed] = useState(false);
  if (failed) {
    return (
      <Group gap={8} wrap="nowrap" data-testid="logo-fallback">
        <ThemeIcon size={height} radius="md" aria-hidden>
          <Text fw={700} c="white" fz={height * 0.55}>
            {PRODUCT_NAME.charAt(0)}
          </Text>
        </ThemeIcon>
        <Text fw={700} fz={height * 0.6} c="blue">
          {PRODUCT_NAME}
        </Text>
      </Group>
    );
  }
  return (
    <img
      src={LOGO_SRC}
      alt={PRODUCT_NAME}
      height={height}
      width={Math.round((height * 132) / 32)}
      style={{ display: 'block' }}
      onError={() => setFailed(true)}
    />
  );
};
