"""Invoice routes: thin translation between HTTP and the invoice domain."""

from fastapi import APIRouter, Depends

from app.api.deps import get_repository, require_permission
from app.api.models import InvoiceOut

router = APIRouter()


@router.get("/healthz")
def healthz() -> dict[str, str]:
    return {"status": "ok"}


@router.get(
    "/invoices/{invoice_id}",
    response_model=InvoiceOut,
    dependencies=[Depends(require_permission("invoices:read"))],
)
def get_invoice(invoice_id: str, repository=Depends(get_repository)) -> InvoiceOut:
    invoice = repository.get_invoice(invoice_id)
    return InvoiceOut.from_domain(invoice)
