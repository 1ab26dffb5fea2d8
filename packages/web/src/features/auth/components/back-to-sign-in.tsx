import { Link } from 'react-router';
import { Anchor, Text } from '@mantine/core';

export const BackToSignIn = () => (
  <Text size="sm" ta="center">
    <Anchor component={Link} to="/login" underline="always">
      Back to sign in
    </Anchor>
  </Text>
);
