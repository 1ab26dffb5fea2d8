import { SsoSettings } from '../../features/sso/components/sso-settings.tsx';

/** /single-sign-on: the organisation's OpenID Connect provider (administrators only). */
export const SsoRoute = () => <SsoSettings />;
