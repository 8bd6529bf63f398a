import { hasFullAccess, type Role } from '@backoffice/contract';
import AddModeratorOutlinedIcon from '@mui/icons-material/AddModeratorOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import ManageHistoryIcon from '@mui/icons-material/ManageHistory';
import Button from '@mui/material/Button';
import type { GridColDef } from '@mui/x-data-grid';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { AuditHistoryDialog } from '../../../components/audit-history-dialog';
import { DataTable } from '../../../components/data-table';
import { ListPage } from '../../../components/list-page';
import { useNotify } from '../../../components/notifier';
import { useApiMutation } from '../../../components/use-api-mutation';
import {
  createRole,
  invalidateAfterRoleChange,
  refetchRoles,
  updateRole,
  usePermissionCatalogue,
  useRoles,
} from '../api/roles-api';
import { RoleDialog } from '../components/role-dialog';
import { ROLES_TEXTS as T } from '../texts';

/** Roles: list, create and edit with the permission catalogue (spec section 2, Roles). */
export default function RolesPage() {
  const notify = useNotify();
  const queryClient = useQueryClient();
  const roles = useRoles();
  const catalogue = usePermissionCatalogue();
  const [dialog, setDialog] = useState<{ role: Role | null } | null>(null);
  const [changesOf, setChangesOf] = useState<Role | null>(null);

  const refresh = () => void refetchRoles(queryClient);
  /** Creating or editing a role (issue 16 §2): the spec's text, the dialog closed, the lists read again. */
  const save = useApiMutation({
    mutationFn: ({ editing, values }: { editing: Role | null; values: Parameters<typeof createRole>[0] }) =>
      editing ? updateRole(editing.id, values) : createRole(values),
    success: (_answer, { editing }) => (editing ? T.updated : T.created),
    failure: ({ editing }) => (editing ? T.updateFailed : T.createFailed),
    closeDialog: () => setDialog(null),
    onSuccess: (_answer, { editing }) => void invalidateAfterRoleChange(queryClient, editing !== null),
  });
  const labels = catalogue.data ?? {};

  const columns = useMemo<GridColDef<Role>[]>(
    () => [
      { field: 'name', headerName: T.columns.name, flex: 1, minWidth: 180 },
      {
        field: 'permissions',
        headerName: T.columns.permissions,
        flex: 2,
        minWidth: 240,
        valueGetter: (_value, row) => row.permissions.map((key) => labels[key] ?? key).join(', ') || T.noPermissions,
      },
      {
        field: 'maxDiscountPercentage',
        headerName: T.columns.maxDiscount,
        minWidth: 150,
        valueGetter: (_value, row) =>
          hasFullAccess(row.permissions)
            ? T.unlimited
            : `${(row.maxDiscountPercentage ?? 0).toLocaleString('pt-BR', { maximumFractionDigits: 2 })} %`,
      },
    ],
    [labels],
  );

  const list = roles.data ?? [];

  return (
    <>
      <ListPage
        title={T.title}
        refreshText={T.refresh}
        onRefresh={refresh}
        create={{ text: T.create, icon: <AddModeratorOutlinedIcon />, onClick: () => setDialog({ role: null }) }}
        query={roles}
        empty={list.length === 0}
        notFoundText={T.notFound}
      >
        <DataTable<Role>
          rows={list}
          columns={columns}
          loading={roles.isFetching}
          emptyText={T.tableEmpty}
          label={T.title}
          selectionActions={(selected) => (
            <>
              <Button
                size="small"
                startIcon={<EditOutlinedIcon />}
                onClick={() => {
                  if (selected.length !== 1) notify.error(T.twoSelected);
                  else setDialog({ role: selected[0] ?? null });
                }}
              >
                {T.edit}
              </Button>
              <Button
                size="small"
                startIcon={<ManageHistoryIcon />}
                onClick={() => {
                  if (selected.length !== 1) notify.error(T.changesTwoSelected);
                  else setChangesOf(selected[0] ?? null);
                }}
              >
                {T.changes}
              </Button>
            </>
          )}
        />
      </ListPage>
      <RoleDialog
        open={dialog !== null}
        role={dialog?.role ?? null}
        roles={list}
        catalogue={labels}
        onClose={() => setDialog(null)}
        onSubmit={(values) => save.mutateAsync({ editing: dialog?.role ?? null, values }).catch(() => undefined)}
      />
      <AuditHistoryDialog
        target={changesOf ? { entity: 'role', id: changesOf.id, name: changesOf.name } : null}
        onClose={() => setChangesOf(null)}
      />
    </>
  );
}
