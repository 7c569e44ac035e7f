import Box from '@mui/material/Box';
import Slider from '@mui/material/Slider';
import Typography from '@mui/material/Typography';
import { useT } from '@/lib/i18n/i18n';
import { formatNumber } from '@/lib/i18n/numbers';

/** A slider with a visible label and value, named for assistive technology by the same label. */
export function LabelledSlider({
  label,
  value,
  min,
  max,
  step,
  unit = '',
  onChange,
}: {
  label: string;
  value: number;
  min: number;
  max: number;
  step: number;
  unit?: string;
  onChange: (value: number) => void;
}) {
  const t = useT();
  return (
    <Box sx={{ minWidth: 220, flex: 1 }}>
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        {t('preview.slider', { label, value: formatNumber(value), unit })}
      </Typography>
      <Slider
        aria-label={label}
        value={value}
        min={min}
        max={max}
        step={step}
        valueLabelDisplay="auto"
        onChange={(_e, v) => onChange(v as number)}
      />
    </Box>
  );
}
