import Typography from '@mui/material/Typography';

/** A form's title and intro; `id` is what the form's aria-labelledby points at. */
export function FormHeading({ id, title, intro, level = 'h1' }: { id: string; title: string; intro: string; level?: 'h1' | 'h2' }) {
  return (
    <div>
      <Typography id={id} variant={level} component={level}>
        {title}
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 0.5 }}>
        {intro}
      </Typography>
    </div>
  );
}
