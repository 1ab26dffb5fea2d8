import { Alert } from '@mantine/core';
import { IconBuilding } from '@tabler/icons-react';

/** What a Super Admin sees on a screen of one organisation before choosing one in the header. */
export const ChooseOrganization = ({ purpose }: { purpose: string }) => (
  <Alert color="blue" variant="light" icon={<IconBuilding size={18} />} maw={560}>
    Choose an organisation in the header to {purpose}.
  </Alert>
);
