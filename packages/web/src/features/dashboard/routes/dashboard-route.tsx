import { NotBuiltPage } from '../../../components/not-built-page.tsx';

/** Placeholder until this screen is built. */
export const DashboardRoute = () => <NotBuiltPage section="Dashboard" />;
