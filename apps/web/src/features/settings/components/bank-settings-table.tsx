import type { BankSetting } from '@backoffice/contract';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import ManageHistoryIcon from '@mui/icons-material/ManageHistory';
import VisibilityOutlinedIcon from '@mui/icons-material/VisibilityOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import type { GridColDef } from '@mui/x-data-grid';
import { useMemo } from 'react';
import type { AuditTarget } from '../../../components/audit-history-dialog';
import { DataTable } from '../../../components/data-table';
import { SETTINGS_PAGE_TEXTS as T } from '../texts';
import type { BankDialogTarget } from './bank-setting-dialog';

function typeLabel(setting: BankSetting): string {
  const type = T.typeLabels[setting.bankSettingsType];
  return setting.pixType ? `${type} (${T.pixTypeLabels[setting.pixType]})` : type;
}

/**
 * 'Informações bancárias': the Pix keys and transfer accounts; the one ticked is edited or removed by whoever may
 * change where the shop gets paid, only viewed by the others, and its changes' history opened.
 */
export function BankSettingsTable({
  rows,
  loading,
  selectedIds,
  setSelectedIds,
  canChange,
  openBank,
  remove,
  setChangesOf,
}: {
  rows: BankSetting[];
  loading: boolean;
  selectedIds: readonly (string | number)[];
  setSelectedIds: (ids: readonly (string | number)[]) => void;
  /** 'Configurações bancárias' (bo:manage:settings). */
  canChange: boolean;
  openBank: (target: BankDialogTarget) => void;
  remove: (setting: BankSetting) => Promise<void>;
  setChangesOf: (target: AuditTarget) => void;
}) {
  const columns = useMemo<GridColDef<BankSetting>[]>(
    () => [
      {
        field: 'bankSettingsType',
        headerName: T.columns.type,
        flex: 1,
        minWidth: 120,
        valueGetter: (_v, row) => typeLabel(row),
      },
      {
        field: 'name',
        headerName: T.columns.name,
        flex: 2,
        minWidth: 170,
        renderCell: ({ row }) => (
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, height: '100%' }}>
            <span>{row.name}</span>
            {row.disabled ? <Chip size="small" label={T.disabledChip} /> : null}
          </Box>
        ),
      },
    ],
    [],
  );

  return (
    <DataTable<BankSetting>
      rows={rows}
      columns={columns}
      loading={loading}
      emptyText={T.tableEmpty}
      label={T.tableTitle}
      selectedIds={selectedIds}
      onSelectionChange={(_rows, ids) => setSelectedIds(ids)}
      selectionActions={(selected) => {
        const setting = selected[0];
        if (!setting) return null;
        const changes = (
          <Button
            size="small"
            startIcon={<ManageHistoryIcon />}
            onClick={() => setChangesOf({ entity: 'bank-setting', id: setting.id, name: setting.name })}
          >
            {T.changes}
          </Button>
        );
        if (!canChange) {
          return (
            <>
              <Button
                size="small"
                startIcon={<VisibilityOutlinedIcon />}
                onClick={() => openBank({ kind: 'view', setting })}
              >
                {T.view}
              </Button>
              {changes}
            </>
          );
        }
        return (
          <>
            <Button size="small" startIcon={<EditOutlinedIcon />} onClick={() => openBank({ kind: 'edit', setting })}>
              {T.edit}
            </Button>
            <Button size="small" color="error" startIcon={<DeleteOutlinedIcon />} onClick={() => void remove(setting)}>
              {T.delete}
            </Button>
            {changes}
          </>
        );
      }}
    />
  );
}
