import { Alert, Button, Code, Group, SimpleGrid, Stack } from '@mantine/core';
import { CopyTextButton } from '../../../components/copy-text-button.tsx';
import { saveBlob } from '../../../lib/download.ts';

type RecoveryCodesProps = { codes: string[]; onDone: () => void };

/** The ten recovery codes, shown this once, with Copy and Download. */
export const RecoveryCodes = ({ codes, onDone }: RecoveryCodesProps) => {
  const text = codes.join('\n');
  return (
    <Stack gap="md">
      <Alert color="yellow" variant="light" title="Save your recovery codes">
        Each code signs you in once if you lose your phone. They are shown only this once: copy or
        download them and keep them somewhere safe.
      </Alert>
      <SimpleGrid cols={2} spacing="xs" data-testid="recovery-codes">
        {codes.map((code) => (
          <Code key={code} fz="md" ta="center">
            {code}
          </Code>
        ))}
      </SimpleGrid>
      <Group justify="flex-end" gap="sm">
        <CopyTextButton value={text} label="Copy codes" />
        <Button
          variant="light"
          onClick={() =>
            saveBlob(new Blob([`${text}\n`], { type: 'text/plain' }), 'leadline-recovery-codes.txt')
          }
        >
          Download
        </Button>
        <Button onClick={onDone}>Done</Button>
      </Group>
    </Stack>
  );
};
