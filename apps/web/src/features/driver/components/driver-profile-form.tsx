import { z } from 'zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { formatCurrency } from '@app/shared/format';
import { updateDriverRequestSchema, type Driver } from '@app/shared/schemas/partners';
import { FormTextField } from '@/components/form/form-text-field';
import { useZodForm } from '@/components/form/use-zod-form';
import { ZodForm } from '@/components/form/zod-form';
import { ErrorState } from '@/components/page-states/error-state';
import { addTranslations } from '@/lib/i18n';
import { notify } from '@/lib/notify';
import { useSession } from '@/lib/session';
import { useDriverProfile, useUpdateDriverProfile } from '@/data/driver';
import { driverEn } from '../locales/en';

addTranslations('driver', driverEn);

// The two fields a driver edits, as PATCH /drivers/{id}/ checks them (the city is the admin's).
const { phone, vehicle_number } = updateDriverRequestSchema.shape;
const profileSchema = z.object({ phone, vehicle_number });

function ProfileForm({ driver }: { driver: Driver }) {
  const { t } = useTranslation(['driver', 'common']);
  const update = useUpdateDriverProfile(driver.id);
  const form = useZodForm(profileSchema, { defaultValues: { phone: driver.phone ?? '', vehicle_number: driver.vehicle_number } });
  const onSubmit = form.submit(async (values) => {
    const saved = await update.mutateAsync(values);
    notify.success(t('common:messages.updateSuccess'));
    form.reset({ phone: saved.phone ?? '', vehicle_number: saved.vehicle_number });
  });
  return (
    <ZodForm form={form} onSubmit={onSubmit} sx={{ maxWidth: 480 }}>
      <Stack spacing={2.5}>
        <TextField label={t('profile.name')} value={driver.member?.name ?? ''} slotProps={{ input: { readOnly: true } }} />
        <TextField label={t('profile.loginId')} value={driver.member?.login_id ?? ''} slotProps={{ input: { readOnly: true } }} />
        <TextField label={t('profile.city')} value={driver.city.name} helperText={t('profile.cityHint')} slotProps={{ input: { readOnly: true } }} />
        <FormTextField name="phone" label={t('profile.phone')} type="tel" autoComplete="tel" slotProps={{ htmlInput: { inputMode: 'tel' } }} />
        <FormTextField
          name="vehicle_number"
          label={t('profile.vehicle')}
         
          slotProps={{ htmlInput: { style: { textTransform: 'uppercase' }, autoCapitalize: 'characters' } }}
        />
        <Box>
          <Button type="submit" variant="contained" loading={update.isPending} disabled={!form.formState.isDirty}>
            {t('profile.save')}
          </Button>
        </Box>
      </Stack>
    </ZodForm>
  );
}

/** The driver's own profile: name, phone, city and vehicle number (phone and vehicle are editable). */
export function DriverProfileCard() {
  const { t } = useTranslation(['driver', 'common']);
  const driverId = useSession().user?.driverId ?? null;
  const driver = useDriverProfile(driverId);
  return (
    <Stack spacing={2} component="section" aria-labelledby="profile-heading">
      <Typography id="profile-heading" variant="h2">
        {t('profile.title')}
      </Typography>
      {driverId === null ? (
        <Alert severity="info">{t('profile.notDriver')}</Alert>
      ) : driver.isPending ? (
        <Stack spacing={2} aria-hidden>
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} variant="rounded" height={56} sx={{ maxWidth: 480 }} />
          ))}
        </Stack>
      ) : driver.isError ? (
        <ErrorState error={driver.error} onRetry={() => void driver.refetch()} />
      ) : (
        <>
          <Stack direction="row" spacing={3} useFlexGap sx={{ flexWrap: 'wrap' }}>
            <div>
              <Typography variant="body2" color="text.secondary">
                {t('profile.completedCount')}
              </Typography>
              <Typography sx={{ fontWeight: 600 }}>{driver.data.completed_order_count}</Typography>
            </div>
            <div>
              <Typography variant="body2" color="text.secondary">
                {t('profile.activeCount')}
              </Typography>
              <Typography sx={{ fontWeight: 600 }}>{driver.data.active_order_count}</Typography>
            </div>
            <div>
              <Typography variant="body2" color="text.secondary">
                {t('earnings.balance')}
              </Typography>
              <Typography sx={{ fontWeight: 600 }}>{formatCurrency(driver.data.earnings_balance)}</Typography>
            </div>
          </Stack>
          <ProfileForm driver={driver.data} />
        </>
      )}
    </Stack>
  );
}
