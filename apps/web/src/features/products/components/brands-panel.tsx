import type { Brand } from '@backoffice/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlineOutlined';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import type { GridColDef } from '@mui/x-data-grid';
import { useEffect, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useConfirm } from '../../../components/confirm-dialog';
import { DataTable } from '../../../components/data-table';
import { FormDialog } from '../../../components/form/form-dialog';
import { FormTextField } from '../../../components/form/form-text-field';
import { SubmitButton } from '../../../components/form/submit-button';
import { useNotify } from '../../../components/notifier';
import { useBrandActions } from '../api/use-brand-actions';
import { brandDialogSchema, type NameFormValues } from '../schemas';
import { PRODUCTS_TEXTS } from '../texts';
import { PanelHeader } from './panel-header';

const T = PRODUCTS_TEXTS.brands;

type NameRow = { name: string };
const nameColumns: GridColDef<NameRow>[] = [{ field: 'name', headerName: T.name, flex: 1, minWidth: 160 }];
const byName = (row: NameRow) => row.name;

interface NameDialogProps {
  open: boolean;
  title: string;
  onClose: () => void;
  onSubmit: (name: string) => Promise<boolean>;
}

/** 'Adicionar Marca' / 'Adicionar Referência': one Nome field, Adicionar and Fechar. */
function NameDialog({ open, title, onClose, onSubmit }: NameDialogProps) {
  const {
    control,
    handleSubmit,
    reset,
    formState: { isValid, isSubmitting },
  } = useForm<NameFormValues>({
    resolver: zodResolver(brandDialogSchema),
    mode: 'onTouched',
    defaultValues: { name: '' },
  });
  useEffect(() => {
    if (open) reset({ name: '' });
  }, [open, reset]);
  const submit = handleSubmit(async ({ name }) => {
    await onSubmit(name.trim());
  });
  const titleId = `name-dialog-${title.replace(/\W+/g, '-')}`;
  return (
    <FormDialog
      open={open}
      titleId={titleId}
      title={title}
      maxWidth="xs"
      onClose={onClose}
      onSubmit={submit}
      closeText={T.close}
      actions={
        <SubmitButton spinner="replace" disabled={!isValid} busy={isSubmitting} sx={{ minWidth: 104 }}>
          {T.add}
        </SubmitButton>
      }
    >
      <FormTextField control={control} name="name" label={T.name} required autoFocus sx={{ mt: 1 }} helperText={null} />
    </FormDialog>
  );
}

/** 'Gerenciar Marcas e Referências': brands table, the selected brand's references, their dialogs. */
export function BrandsPanel({
  brands,
  loading,
  onClose,
}: {
  brands: readonly Brand[];
  loading: boolean;
  onClose: () => void;
}) {
  const confirm = useConfirm();
  const notify = useNotify();
  const [selectedBrand, setSelectedBrand] = useState<string | null>(null);
  const [selectedReference, setSelectedReference] = useState<string | null>(null);
  const [dialog, setDialog] = useState<'brand' | 'reference' | null>(null);
  const actions = useBrandActions({ closeDialog: () => setDialog(null) });

  const brand = brands.find((b) => b.name === selectedBrand) ?? null;
  const brandRows = useMemo(() => brands.map((b) => ({ name: b.name })), [brands]);
  const referenceRows = useMemo(() => (brand?.references ?? []).map((name) => ({ name })), [brand]);

  useEffect(() => {
    if (selectedBrand && !brand) setSelectedBrand(null);
  }, [selectedBrand, brand]);
  useEffect(() => {
    if (selectedReference && !brand?.references.includes(selectedReference)) setSelectedReference(null);
  }, [selectedReference, brand]);

  return (
    <Card component="section" aria-label={T.title}>
      <CardContent>
        <PanelHeader title={T.title} closeText={T.close} onClose={onClose} />
        <Grid container spacing={2}>
          <Grid size={{ xs: 12 }}>
            <DataTable<NameRow>
              rows={brandRows}
              columns={nameColumns}
              getRowId={byName}
              loading={loading}
              label={T.brandsLabel}
              title={T.brandsLabel}
              hideExport
              selectedIds={selectedBrand ? [selectedBrand] : []}
              onSelectionChange={(rows) => {
                setSelectedBrand(rows[0]?.name ?? null);
                setSelectedReference(null);
              }}
              actions={
                <Button size="small" startIcon={<AddIcon />} onClick={() => setDialog('brand')}>
                  {T.addBrand}
                </Button>
              }
              selectionActions={() => (
                <>
                  <Button size="small" startIcon={<AddIcon />} onClick={() => setDialog('reference')}>
                    {T.addReference}
                  </Button>
                  <Button
                    size="small"
                    color="error"
                    startIcon={<DeleteOutlineIcon />}
                    onClick={async () => {
                      if (!brand || !(await confirm(T.confirm))) return;
                      if (await actions.deleteBrand(brand.name)) setSelectedBrand(null);
                    }}
                  >
                    {T.removeBrand}
                  </Button>
                </>
              )}
            />
          </Grid>
          <Grid size={{ xs: 12 }}>
            <DataTable<NameRow>
              rows={referenceRows}
              columns={nameColumns}
              getRowId={byName}
              label={brand ? T.referencesLabel(brand.name) : T.referencesEmptyHint}
              title={brand ? T.referencesLabel(brand.name) : T.referencesEmptyHint}
              hideExport
              selectedIds={selectedReference ? [selectedReference] : []}
              onSelectionChange={(rows) => setSelectedReference(rows[0]?.name ?? null)}
              selectionActions={() => (
                <Button
                  size="small"
                  color="error"
                  startIcon={<DeleteOutlineIcon />}
                  onClick={async () => {
                    if (!brand || !selectedReference || !(await confirm(T.confirm))) return;
                    if (await actions.deleteReference(brand.name, selectedReference)) setSelectedReference(null);
                  }}
                >
                  {T.removeReference}
                </Button>
              )}
            />
          </Grid>
        </Grid>
      </CardContent>
      <NameDialog
        open={dialog === 'brand'}
        title={T.addBrand}
        onClose={() => setDialog(null)}
        onSubmit={async (name) => {
          if (brands.some((b) => b.name.toLowerCase() === name.toLowerCase())) {
            notify.error(PRODUCTS_TEXTS.validation.duplicateBrand);
            return false;
          }
          return actions.createBrand(name);
        }}
      />
      <NameDialog
        open={dialog === 'reference'}
        title={T.addReference}
        onClose={() => setDialog(null)}
        onSubmit={async (name) => {
          if (!brand) return false;
          if (brand.references.some((r) => r.toLowerCase() === name.toLowerCase())) {
            notify.error(PRODUCTS_TEXTS.validation.duplicateReference);
            return false;
          }
          return actions.createReference(brand.name, name);
        }}
      />
    </Card>
  );
}
