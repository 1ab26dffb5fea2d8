import type { ReactNode } from 'react';

/**
 * A "Start from template" control the app layer gives the campaign form (features do not
 * import each other): it renders a picker that fills a step through `apply`; `label` names
 * the step.
 */
export type CampaignTemplatePicker = (
  apply: (template: { subject: string; body: string }) => void,
  label: string,
) => ReactNode;
