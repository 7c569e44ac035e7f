import Box from '@mui/material/Box';
import Slider from '@mui/material/Slider';
import Typography from '@mui/material/Typography';

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
  return (
    <Box sx={{ minWidth: 220, flex: 1 }}>
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        {label}: {value}
        {unit}
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
