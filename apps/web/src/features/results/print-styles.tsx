import GlobalStyles from '@mui/material/GlobalStyles';

/**
 * The print layout of a result report: only the report itself on white paper. The app bar, drawer,
 * footer, skip link and every control marked `data-print="hide"` are dropped (and `data-print="only"`
 * parts appear); the page has A4-friendly
 * margins and the report's sections are kept whole where they fit.
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
          '[data-print="section"]': { breakInside: 'avoid', pageBreakInside: 'avoid' },
          '.MuiPaper-root': { boxShadow: 'none !important', background: '#fff !important' },
          '.MuiTableCell-root': { padding: '3px 6px !important', fontSize: '9.5pt !important' },
          '[data-print="report"]': { fontSize: '10pt' },
        },
      }}
    />
  );
}
