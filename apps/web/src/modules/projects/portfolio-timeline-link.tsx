import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PORTFOLIO_TIMELINE_PATH } from './projects.routes';

// The projects list's way to the portfolio timeline.
export function PortfolioTimelineLink() {
  const { t } = useTranslation();
  return (
    <Link to={PORTFOLIO_TIMELINE_PATH}>
      <Button>{t('projects.gantt.openTimeline')}</Button>
    </Link>
  );
}
