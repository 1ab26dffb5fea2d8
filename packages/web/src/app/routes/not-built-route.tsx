import { NotBuiltPage } from '../../components/not-built-page.tsx';
import { useShellHandle } from '../route-access.ts';

export const NotBuiltRoute = () => {
  const { title } = useShellHandle();
  return <NotBuiltPage section={title} />;
};
