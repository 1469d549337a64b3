import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import { useTranslation } from 'react-i18next';
import type { OrderStatus } from '@app/shared/order-status';

const STEPS = ['accepted', 'moving', 'arrived', 'weighed', 'completed'] as const;

/** How far along the pickup is (the step being worked on is active). */
function activeStep(status: OrderStatus): number {
  switch (status) {
    case 'pending':
      return 0;
    case 'accepted':
      return 1;
    case 'moving':
      return 2;
    case 'arrived':
      return 3;
    case 'waiting_store':
    case 'waiting_admin':
    case 'waiting_driver':
      return 4;
    case 'completed':
      return 5;
    default:
      return -1;
  }
}

/** The pickup's road: Accepted, Onmoving, Arrived, Weighed, Completed. */
export function OrderSteps({ status }: { status: OrderStatus }) {
  const { t } = useTranslation('driver');
  const active = activeStep(status);
  if (active < 0) return null;
  return (
    <Stepper activeStep={active} alternativeLabel sx={{ '& .MuiStepLabel-label': { fontSize: '0.75rem', mt: 0.5 } }}>
      {STEPS.map((step) => (
        <Step key={step}>
          <StepLabel>{t(`stepper.${step}`)}</StepLabel>
        </Step>
      ))}
    </Stepper>
  );
}
