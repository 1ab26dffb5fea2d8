import { Integrations } from '../../features/webhooks/components/integrations.tsx';

/** /integrations: the organisation's webhooks (administrators only). */
export const IntegrationsRoute = () => <Integrations />;
