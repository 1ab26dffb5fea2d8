import { ThemeIcon } from '@mantine/core';
import type { MantineSize } from '@mantine/core';
import {
  IconBuildingStore,
  IconCalendarEvent,
  IconMail,
  IconRobot,
  IconSpeakerphone,
  IconTimelineEvent,
  IconUser,
  IconUserStar,
} from '@tabler/icons-react';
import type { TablerIcon } from '@tabler/icons-react';

/**
 * Activity colours by entity: Lead blue, Client green, Campaign orange, Automation grape, every
 * other type grey.
 */
const TYPE_COLORS: Record<string, string> = {
  Lead: 'blue',
  Client: 'green',
  Campaign: 'orange',
  Automation: 'grape',
};

const TYPE_ICONS: Record<string, TablerIcon> = {
  Lead: IconUserStar,
  Client: IconBuildingStore,
  Campaign: IconSpeakerphone,
  Email: IconMail,
  Meeting: IconCalendarEvent,
  User: IconUser,
  Automation: IconRobot,
};

export const activityTypeColor = (type: string): string => TYPE_COLORS[type] ?? 'gray';

type ActivityTypeIconProps = { type: string; size?: MantineSize | number };

/** The icon of an activity entry's type, in the type's colour. */
export const ActivityTypeIcon = ({ type, size = 'lg' }: ActivityTypeIconProps) => {
  const TypeIcon = TYPE_ICONS[type] ?? IconTimelineEvent;
  return (
    <ThemeIcon variant="light" color={activityTypeColor(type)} size={size} radius="xl" aria-hidden>
      <TypeIcon style={{ width: '60%', height: '60%' }} stroke={1.8} />
    </ThemeIcon>
  );
};
