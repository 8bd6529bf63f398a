import AddIcon from '@mui/icons-material/Add';
import ArchiveOutlinedIcon from '@mui/icons-material/ArchiveOutlined';
import AssignmentReturnOutlinedIcon from '@mui/icons-material/AssignmentReturnOutlined';
import CategoryOutlinedIcon from '@mui/icons-material/CategoryOutlined';
import QrCodeScannerIcon from '@mui/icons-material/QrCodeScanner';
import SearchIcon from '@mui/icons-material/Search';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { lazy, Suspense } from 'react';
import { PRODUCT_CODE_FORMATS } from '../../../components/barcode-detection';
import { IMPORT_DIALOG_TEXTS } from '../../../components/import-dialog-texts';
import { RefreshButton } from '../../../components/refresh-button';
import { PRODUCTS_TEXTS as T } from '../texts';

/** The camera scanner (and its WebAssembly) loads only when 'Escanear' is pressed. */
const BarcodeScanner = lazy(() => import('../../../components/barcode-scanner'));

/** The products screen's header buttons: reload, the panels, the IMEI lookup, the units in analysis, the import. */
export function ProductsHeaderActions({
  onReload,
  onOpen,
  onLookup,
  onAnalysis,
  onImport,
}: {
  onReload: () => void;
  onOpen: (kind: 'create' | 'brands' | 'archived') => void;
  onLookup: () => void;
  onAnalysis: () => void;
  onImport: () => void;
}) {
  return (
    <>
      <RefreshButton label={T.buttons.reload} onClick={onReload} />
      <Button variant="contained" startIcon={<AddIcon />} onClick={() => onOpen('create')}>
        {T.buttons.create}
      </Button>
      <Button variant="outlined" startIcon={<CategoryOutlinedIcon />} onClick={() => onOpen('brands')}>
        {T.buttons.brands}
      </Button>
      <Button variant="outlined" startIcon={<ArchiveOutlinedIcon />} onClick={() => onOpen('archived')}>
        {T.buttons.archived}
      </Button>
      <Button variant="outlined" startIcon={<QrCodeScannerIcon />} onClick={onLookup}>
        {T.buttons.unitLookup}
      </Button>
      <Button variant="outlined" startIcon={<AssignmentReturnOutlinedIcon />} onClick={onAnalysis}>
        {T.buttons.unitsInAnalysis}
      </Button>
      <Button variant="outlined" startIcon={<UploadFileIcon />} onClick={onImport}>
        {IMPORT_DIALOG_TEXTS.open}
      </Button>
    </>
  );
}

/** The search by code, name or barcode, and the camera's scanner: a box's barcode finds its product. */
export function ProductSearchForm({
  searchText,
  setSearchText,
  onSearch,
  onScanned,
}: {
  searchText: string;
  setSearchText: (text: string) => void;
  onSearch: () => void;
  /** A barcode read by the camera: searched at once. */
  onScanned: (code: string) => void;
}) {
  return (
    <Box
      component="form"
      role="search"
      onSubmit={(event) => {
        event.preventDefault();
        onSearch();
      }}
      sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', maxWidth: 640 }}
    >
      <TextField
        size="small"
        sx={{ flex: '1 1 220px' }}
        label={T.search.label}
        placeholder={T.search.placeholder}
        value={searchText}
        onChange={(event) => setSearchText(event.target.value)}
      />
      <Button type="submit" variant="contained" startIcon={<SearchIcon />}>
        {T.search.button}
      </Button>
      <Suspense fallback={null}>
        <BarcodeScanner
          single
          formats={PRODUCT_CODE_FORMATS}
          label={T.search.scan}
          onDetected={(code) => {
            // The box's barcode finds its product (then 'Informar Entrada', 'Editar'…).
            onScanned(code);
            return true;
          }}
        />
      </Suspense>
    </Box>
  );
}
