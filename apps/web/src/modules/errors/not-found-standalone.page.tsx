import { BareLayout } from '../../app/layouts/bare-layout';
import { NotFoundPage } from './not-found.page';

export default function NotFoundStandalonePage() {
  return (
    <BareLayout>
      <NotFoundPage />
    </BareLayout>
  );
}
