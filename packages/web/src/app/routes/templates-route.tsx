import { Stack } from '@mantine/core';
import { PageHeader } from '../../components/page-header.tsx';
import { TemplatesGallery } from '../../features/templates/components/templates-gallery.tsx';

/** /templates: saved emails, personal or shared, with merge fields. */
export const TemplatesRoute = () => (
  <Stack gap={0} maw={1100}>
    <PageHeader
      title="Templates"
      description="Emails you send often, with merge fields such as {{firstName}} filled in for each lead."
    />
    <TemplatesGallery />
  </Stack>
);
