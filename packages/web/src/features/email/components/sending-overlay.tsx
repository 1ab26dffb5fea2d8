import { Loader, LoadingOverlay, Stack, Text } from '@mantine/core';

/** 'Sending email...' over the screen while a send is under way. */
export const SendingOverlay = ({ visible }: { visible: boolean }) => (
  <LoadingOverlay
    visible={visible}
    zIndex={300}
    overlayProps={{ fixed: true, blur: 1 }}
    loaderProps={{
      children: (
        <Stack align="center" gap="xs" role="status">
          <Loader />
          <Text fw={600}>Sending email...</Text>
        </Stack>
      ),
    }}
  />
);
