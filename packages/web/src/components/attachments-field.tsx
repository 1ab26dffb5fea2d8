import { useRef, useState } from 'react';
import { Button, FileButton, Group, Pill, Stack, Text } from '@mantine/core';
import { IconPaperclip } from '@tabler/icons-react';
import { ATTACHMENT_ACCEPT, pickAttachments } from '@leadline/shared/email-compose';

const sizeText = (bytes: number) =>
  bytes >= 1024 * 1024
    ? `${(bytes / (1024 * 1024)).toFixed(1)} MB`
    : `${Math.max(1, Math.round(bytes / 1024))} KB`;

type AttachmentsFieldProps = { files: File[]; onChange: (files: File[]) => void };

/**
 * Attachments: pdf, doc, docx, txt, jpg, jpeg, png or gif, 10 MB each. A file that breaks a
 * rule is left out and the screen says which and why.
 */
export const AttachmentsField = ({ files, onChange }: AttachmentsFieldProps) => {
  const reset = useRef<() => void>(null);
  const [refused, setRefused] = useState<string[]>([]);
  return (
    <Stack gap={6}>
      <Group gap="xs" wrap="wrap">
        <FileButton
          multiple
          resetRef={reset}
          accept={ATTACHMENT_ACCEPT}
          inputProps={{ 'aria-label': 'Attachments' }}
          onChange={(picked) => {
            const result = pickAttachments(files, picked);
            onChange(result.kept);
            setRefused(result.refused.map((file) => `${file.name} ${file.reason}`));
            reset.current?.();
          }}
        >
          {(props) => (
            <Button
              {...props}
              variant="default"
              size="xs"
              leftSection={<IconPaperclip size={14} />}
            >
              Attach files
            </Button>
          )}
        </FileButton>
        <Text size="xs" c="dimmed">
          PDF, DOC, DOCX, TXT, JPG, PNG or GIF, up to 10 MB each
        </Text>
      </Group>
      {files.length > 0 ? (
        <Pill.Group aria-label="Attached files">
          {files.map((file) => (
            <Pill
              key={`${file.name}:${file.size}`}
              withRemoveButton
              removeButtonProps={{ 'aria-label': `Remove ${file.name}` }}
              onRemove={() => onChange(files.filter((other) => other !== file))}
            >
              {file.name} ({sizeText(file.size)})
            </Pill>
          ))}
        </Pill.Group>
      ) : null}
      {refused.map((text) => (
        <Text key={text} size="xs" c="orange" role="status">
          Not attached: {text}
        </Text>
      ))}
    </Stack>
  );
};
