import { NotBuiltPage } from '../../../components/not-built-page.tsx';

/** Placeholder until this screen is built. */
export const AddClientRoute = () => <NotBuiltPage section="Add Client" />;
