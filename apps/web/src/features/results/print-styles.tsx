import GlobalStyles from '@mui/material/GlobalStyles';

/**
 * The print layout of a result report: only the report itself on white paper. The app bar, drawer,
 * footer, skip link and every control marked `data-print="hide"` are dropped (and `data-print="only"`
 * parts appear); the page has A4-friendly
 * margins, the report's sections are kept whole where they fit and its tables are never clipped or cut
 * through a row.
 */
export function ResultPrintStyles() {
  return (
    <GlobalStyles
      styles={{
        '@media screen': { '[data-print="only"]': { display: 'none' } },
        '@media print': {
          '@page': { size: 'A4 portrait', margin: '14mm 12mm' },
          'html, body': { background: '#fff !important', color: '#000 !important' },
          'header, nav, footer, .MuiAppBar-root, .MuiDrawer-root, .MuiSnackbar-root, a[href="#main"], [data-print="hide"]':
            { display: 'none !important' },
          'main#main': { padding: '0 !important', maxWidth: 'none !important' },
          '[data-print="section"]': {
            breakInside: 'avoid',
            pageBreakInside: 'avoid',
            // A scrolling box on screen would clip a wide table on paper: print it whole.
            overflow: 'visible !important',
          },
          // A table longer than a page breaks between rows, never through one, and repeats its head.
          '[data-print="report"] table': { width: '100%', tableLayout: 'auto' },
          '[data-print="report"] tr': { breakInside: 'avoid', pageBreakInside: 'avoid' },
          '[data-print="report"] thead': { display: 'table-header-group' },
          '.MuiPaper-root': { boxShadow: 'none !important', background: '#fff !important' },
          '.MuiTableCell-root': { padding: '3px 6px !important', fontSize: '9.5pt !important' },
          '[data-print="report"]': { fontSize: '10pt' },
        },
      }}
    />
  );
}
