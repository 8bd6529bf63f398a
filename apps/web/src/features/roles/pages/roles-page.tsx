import type { Role } from '@backoffice/contract';
import AddModeratorOutlinedIcon from '@mui/icons-material/AddModeratorOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import Button from '@mui/material/Button';
import type { GridColDef } from '@mui/x-data-grid';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { DataTable } from '../../../components/data-table';
import { ListPage } from '../../../components/list-page';
import { useNotify } from '../../../components/notifier';
import { firstError } from '../../../lib/api-client';
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

  const refresh = () => void refetchRoles(queryClient);
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
          )}
        />
      </ListPage>
      <RoleDialog
        open={dialog !== null}
        role={dialog?.role ?? null}
        roles={list}
        catalogue={labels}
        onClose={() => setDialog(null)}
        onSubmit={async (values) => {
          const editing = dialog?.role;
          try {
            if (editing) await updateRole(editing.id, values);
            else await createRole(values);
            notify.success(editing ? T.updated : T.created);
            setDialog(null);
            void invalidateAfterRoleChange(queryClient, Boolean(editing));
          } catch (error) {
            notify.error(firstError(error, editing ? T.updateFailed : T.createFailed));
          }
        }}
      />
    </>
  );
}
