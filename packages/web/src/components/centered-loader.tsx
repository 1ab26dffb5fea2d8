import { Center, Loader } from '@mantine/core';

export const CenteredLoader = ({ label = 'Loading' }: { label?: string }) => (
  <Center py="xl" mih={160}>
    <Loader aria-label={label} />
  </Center>
);
