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
import { useT, type MessageId } from '@/lib/i18n/i18n';

/** The tests this page describes, by their words' ids (`info.test.<key>.name` / `.text`). */
const TESTS = ['acuity', 'astigmatism', 'diamond', 'duoChrome', 'presbyopia'] as const;

/** How to prepare, by their words' ids (`info.prepare.<key>.title` / `.text`). */
const PREPARATION = [
  'calibrate',
  'distance',
  'lighting',
  'correction',
  'cover',
  'phone',
  'time',
  'reload',
  'leave',
] as const;

/**
 * Core's KEYBOARD_MAP rows, in its order, by their words' ids (`info.keyboard.<key>.tests` / `.keys`):
 * core keeps its English (the display's help uses it); info-page.test checks that the English catalog
 * says exactly what each row says.
 */
export const KEYBOARD_ROWS = [
  'sloan',
  'landoltTumbling',
  'duoChrome',
  'astigAxis',
  'astigPower',
  'spoke',
  'diamond',
  'presbyopia',
  'everyTest',
  'between',
  'help',
  'speech',
] as const;

const id = (text: string) => text as MessageId;

/** /info: what the tests are and how to prepare (its words in the `setup` catalog area). */
export function InfoPage() {
  const t = useT();
  return (
    <Stack spacing={5} sx={{ maxWidth: 1100, mx: 'auto' }}>
      <Box>
        <Typography variant="overline" color="primary" sx={{ fontWeight: 700 }}>
          {t('info.overline')}
        </Typography>
        <Typography variant="h3" component="h1" sx={{ fontSize: { xs: '2rem', sm: '2.6rem' } }} gutterBottom>
          {t('info.title')}
        </Typography>
        <Typography color="text.secondary" sx={{ maxWidth: 760 }}>
          {t('info.intro')}
        </Typography>
      </Box>

      <Alert severity="warning" variant="outlined">
        <AlertTitle>{t('info.notSubstituteTitle')}</AlertTitle>
        {t('info.notSubstitute')}
      </Alert>

      <Box component="section" aria-labelledby="tests-heading">
        <Typography id="tests-heading" variant="h5" component="h2" gutterBottom>
          {t('info.testsHeading')}
        </Typography>
        <Grid container spacing={2}>
          {TESTS.map((test) => (
            <Grid key={test} size={{ xs: 12, md: 6 }}>
              <Paper variant="outlined" sx={{ p: 3, height: '100%' }}>
                <Typography variant="h6" component="h3" gutterBottom>
                  {t(id(`info.test.${test}.name`))}
                </Typography>
                <Typography color="text.secondary">{t(id(`info.test.${test}.text`))}</Typography>
              </Paper>
            </Grid>
          ))}
        </Grid>
      </Box>

      <Box component="section" aria-labelledby="prepare-heading">
        <Typography id="prepare-heading" variant="h5" component="h2" gutterBottom>
          {t('info.prepareHeading')}
        </Typography>
        <Paper variant="outlined">
          <List disablePadding>
            {PREPARATION.map((item) => (
              <ListItem key={item} alignItems="flex-start" divider sx={{ py: 2, px: 3 }}>
                <ListItemIcon sx={{ minWidth: 40, mt: 0.5 }}>
                  <CheckCircleOutlineIcon color="secondary" />
                </ListItemIcon>
                <ListItemText
                  primary={t(id(`info.prepare.${item}.title`))}
                  secondary={t(id(`info.prepare.${item}.text`))}
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
          {t('info.keyboardHeading')}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 2, maxWidth: 760 }}>
          {t('info.keyboardIntro')}
        </Typography>
        <TableContainer component={Paper} variant="outlined">
          <Table aria-labelledby="keyboard-heading">
            <TableHead>
              <TableRow>
                <TableCell component="th" scope="col" sx={{ fontWeight: 600, width: '30%' }}>
                  {t('info.keyboard.test')}
                </TableCell>
                <TableCell component="th" scope="col" sx={{ fontWeight: 600 }}>
                  {t('info.keyboard.keys')}
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {KEYBOARD_ROWS.map((row) => (
                <TableRow key={row}>
                  <TableCell component="th" scope="row">
                    {t(id(`info.keyboard.${row}.tests`))}
                  </TableCell>
                  <TableCell>{t(id(`info.keyboard.${row}.keys`))}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      </Box>
    </Stack>
  );
}
