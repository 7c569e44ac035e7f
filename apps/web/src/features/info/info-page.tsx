import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutlineOutlined';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Grid from '@mui/material/Grid';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { KEYBOARD_MAP } from '@visus/core';

const TESTS = [
  {
    name: 'Visual acuity',
    text: 'Letters (Sloan), rings with a gap (Landolt C) or the letter E turned in four directions (Tumbling E) get smaller until you can no longer tell them apart. You answer on your phone; guessing is fine, the test allows for it.',
  },
  {
    name: 'Astigmatism',
    text: 'Line patterns, gratings and spoke targets show whether lines in some directions look sharper or darker than others, and help estimate the direction (axis). If both patterns look the same from the start, the result says no astigmatism was found. Astigmatism Power measures how fine a grating (a patch of lines) you can still pick out: a grating acuity in logMAR, not a lens power in dioptres.',
  },
  {
    name: 'Contrast (Diamond)',
    text: 'Four tiles form a diamond; one carries a faint pattern. You choose the tile you see it in as it becomes fainter.',
  },
  {
    name: 'DuoChrome',
    text: 'Letters on a red and on a green background. You say which side looks clearer, or whether they look the same. The result gives your optometrist a hint about your focus; it is not a prescription.',
  },
  {
    name: 'Presbyopia',
    text: 'For near vision: from your age, your usual reading distance and your prescription, Visus estimates the extra reading power (near add) you may need. Use both eyes for this one.',
  },
];

const PREPARATION = [
  {
    title: 'Calibrate first',
    text: 'Complete Setup and Calibrate Colour on the screen you will test on. Recalibrate if you change screen, resolution or zoom.',
  },
  {
    title: 'Distance',
    text: 'Stand or sit at the distance the test asks for and measure it with a tape measure. Keep your head level with the middle of the screen.',
  },
  {
    title: 'Lighting',
    text: 'Use an evenly lit room. Avoid windows or lamps behind the screen and reflections on it. Turn off night mode, blue-light filters and automatic brightness.',
  },
  {
    title: 'Glasses and contact lenses',
    text: 'Wear the glasses or contact lenses you normally use for distance, unless a test asks otherwise, and tell Visus which correction you are wearing. Keep reading glasses at hand for near tests.',
  },
  {
    title: 'Covering an eye',
    text: 'Cover one eye with the palm of your hand without pressing on it, and keep both eyes open behind your hand.',
  },
  {
    title: 'Your phone',
    text: 'Charge your phone and keep it unlocked: it is your remote control during the tests.',
  },
  {
    title: 'Take your time',
    text: 'Blink normally, rest when your eyes feel tired, and stop if anything is uncomfortable.',
  },
  {
    title: 'If the page reloads',
    text: 'If the test page reloads in the middle of a test (or the browser reopens its tab), carry on: the eyes you finished are kept, and the letter and grating tests go on from the question you were on. The shorter tests start the current eye again.',
  },
  {
    title: 'If you leave a test, or your phone does',
    text: 'Going back or to another page during a test asks first. If you leave, your answers stay on this computer and the Tests page offers to go on with the test while its session is open. If your phone leaves (its page closed or its battery ran out), the test screen says so: open the controller page on the phone again, connect another phone with the code shown, or go on with the keyboard.',
  },
];

/** /info: what the tests are and how to prepare. */
export function InfoPage() {
  return (
    <Stack spacing={5} sx={{ maxWidth: 1100, mx: 'auto' }}>
      <Box>
        <Typography variant="overline" color="primary" sx={{ fontWeight: 700 }}>
          Information
        </Typography>
        <Typography variant="h3" component="h1" sx={{ fontSize: { xs: '2rem', sm: '2.6rem' } }} gutterBottom>
          About the tests
        </Typography>
        <Typography color="text.secondary" sx={{ maxWidth: 760 }}>
          Visus shows each test on your calibrated screen while you answer from a distance with your phone.
          Each eye is tested in turn. Here is what each test does and how to get reliable results.
        </Typography>
      </Box>

      <Alert severity="warning" variant="outlined">
        <AlertTitle>Not a substitute for an eye examination</AlertTitle>
        Visus results can help you and your optometrist, but they are not a diagnosis and are not a substitute
        for an eye examination by an optometrist or ophthalmologist, which also checks the health of your
        eyes. If your vision changes suddenly, or you have eye pain, flashes of light, new floaters or a
        shadow over your vision, seek care straight away.
      </Alert>

      <Box component="section" aria-labelledby="tests-heading">
        <Typography id="tests-heading" variant="h5" component="h2" gutterBottom>
          The tests
        </Typography>
        <Grid container spacing={2}>
          {TESTS.map((test) => (
            <Grid key={test.name} size={{ xs: 12, md: 6 }}>
              <Paper variant="outlined" sx={{ p: 3, height: '100%' }}>
                <Typography variant="h6" component="h3" gutterBottom>
                  {test.name}
                </Typography>
                <Typography color="text.secondary">{test.text}</Typography>
              </Paper>
            </Grid>
          ))}
        </Grid>
      </Box>

      <Box component="section" aria-labelledby="prepare-heading">
        <Typography id="prepare-heading" variant="h5" component="h2" gutterBottom>
          How to prepare
        </Typography>
        <Paper variant="outlined">
          <List disablePadding>
            {PREPARATION.map((item) => (
              <ListItem key={item.title} alignItems="flex-start" divider sx={{ py: 2, px: 3 }}>
                <ListItemIcon sx={{ minWidth: 40, mt: 0.5 }}>
                  <CheckCircleOutlineIcon color="secondary" />
                </ListItemIcon>
                <ListItemText
                  primary={item.title}
                  secondary={item.text}
                  slotProps={{
                    primary: { sx: { fontWeight: 600 } },
                    secondary: { sx: { mt: 0.5, fontSize: '1rem' } },
                  }}
                />
              </ListItem>
            ))}
          </List>
        </Paper>
      </Box>

      <Box component="section" aria-labelledby="keyboard-heading">
        <Typography id="keyboard-heading" variant="h5" component="h2" gutterBottom>
          Using the keyboard
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 2, maxWidth: 760 }}>
          No phone at hand? Choose “No phone? Use this keyboard” when the test asks for your phone, then
          answer with these keys on the computer showing the test.
        </Typography>
        <TableContainer component={Paper} variant="outlined">
          <Table aria-labelledby="keyboard-heading">
            <TableHead>
              <TableRow>
                <TableCell component="th" scope="col" sx={{ fontWeight: 600, width: '30%' }}>
                  Test
                </TableCell>
                <TableCell component="th" scope="col" sx={{ fontWeight: 600 }}>
                  Keys
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {KEYBOARD_MAP.map((row) => (
                <TableRow key={row.tests}>
                  <TableCell component="th" scope="row">
                    {row.tests}
                  </TableCell>
                  <TableCell>{row.keys}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      </Box>
    </Stack>
  );
}
