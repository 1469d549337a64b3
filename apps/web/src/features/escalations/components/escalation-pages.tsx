import Button from '@mui/material/Button';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { Page } from '@/components/page/page';
import type { AppPath } from '@/config/paths';
import { NS } from '../i18n';
import { CreateIssueForm } from './create-issue-form';
import { EscalationDetail } from './escalation-detail';
import { escalationLinks, type EscalationViewer } from './escalation-links';
import { EscalationsList } from './escalations-list';
import { MissingEscalationId, useEscalationId } from './id-param';

// Whole pages of the three sections' escalation routes (the route modules pick one).

export function EscalationsListPage({ viewer, path }: { viewer: EscalationViewer; path: AppPath }) {
  const { t } = useTranslation(['pages', NS, 'common']);
  return (
    <Page title={t(path.titleKey)} subtitle={t(path.titleKey.replace(/\.title$/, '.summary'), { defaultValue: '' }) || undefined}>
      <EscalationsList viewer={viewer} />
    </Page>
  );
}

export function EscalationDetailPage({ viewer, path }: { viewer: EscalationViewer; path: AppPath }) {
  const { t } = useTranslation(['pages', NS, 'common']);
  const id = useEscalationId();
  const listHref = escalationLinks.list(viewer);
  return (
    <Page
      title={t(path.titleKey)}
      actions={
        <Button startIcon={<ArrowBackIcon />} component={RouterLink} to={listHref}>
          {t(`${NS}:detail.backToList`)}
        </Button>
      }
    >
      {id === null ? <MissingEscalationId backHref={listHref} /> : <EscalationDetail id={id} viewer={viewer} />}
    </Page>
  );
}

export function CreateIssuePage({ viewer, path }: { viewer: 'store' | 'vendor'; path: AppPath }) {
  const { t } = useTranslation(['pages', NS, 'common']);
  const navigate = useNavigate();
  return (
    <Page title={t(path.titleKey)} maxWidth={760}>
      <CreateIssueForm onCreated={(issue) => void navigate(escalationLinks.detail(viewer, issue.id))} onCancel={() => void navigate(escalationLinks.list(viewer))} />
    </Page>
  );
}
