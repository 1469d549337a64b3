import type { TFunction } from 'i18next';
import type { Escalation } from '@app/shared/schemas/escalations';
import { translateServerMessage } from '@/lib/server-messages';
import type { NS } from '../i18n';

// The escalations the API opens by itself (an order standing too long, a driver's issue)
// are stored once, in English, for every admin: shown in the reader's language.

/** The member id the API gives its own escalations (escalations-repository.ts SYSTEM_CREATOR). */
const SYSTEM_CREATOR_ID = 0;

export const subjectOf = (issue: Pick<Escalation, 'subject'>): string => translateServerMessage(issue.subject);

export const descriptionOf = (issue: Pick<Escalation, 'description'>): string => translateServerMessage(issue.description);

/** Who raised it: a person's name, or the system's own name in the reader's language. */
export const raiserOf = (issue: Pick<Escalation, 'created_by'>, t: TFunction<typeof NS>): string =>
  issue.created_by.id === SYSTEM_CREATOR_ID ? t('detail.system') : issue.created_by.name;
