import { Badge } from '@mantine/core';

/** Badge styles for the first seven categories; any other category is plain. */
const CATEGORY_COLORS: Record<string, string> = {
  Technology: 'blue',
  'Cloud Services': 'cyan',
  Automotive: 'orange',
  Entertainment: 'pink',
  'Music Streaming': 'grape',
  'Travel & Hospitality': 'teal',
  'E-commerce': 'violet',
};

export const categoryColor = (category: string): string => CATEGORY_COLORS[category] ?? 'gray';

export const ClientCategoryBadge = ({ category }: { category: string }) => (
  <Badge
    variant="light"
    color={categoryColor(category)}
    style={{ textTransform: 'none', maxWidth: '100%' }}
  >
    {category}
  </Badge>
);
