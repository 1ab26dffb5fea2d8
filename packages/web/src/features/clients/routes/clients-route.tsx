import { NotBuiltPage } from '../../../components/not-built-page.tsx';

/** Placeholder until this screen is built. */
export const ClientsRoute = () => <NotBuiltPage section="All Clients" />;
