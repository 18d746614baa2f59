"""Request-scoped dependencies: permissions and the repository."""

from collections.abc import Callable

from fastapi import Header, HTTPException, Request


def require_permission(permission: str) -> Callable[..., None]:
    def check(x_permissions: str = Header(default="")) -> None:
        if permission not in x_permissions.split():
            raise HTTPException(status_code=403, detail=f"missing permission {permission}")

    return check


def get_repository(request: Request):  # type: ignore[no-untyped-def]  # repository wiring lands with repository.py
    return request.app.state.repository
