"""How a player gets paid: their handles on the payment services, all saved at once."""

from django.db import transaction

from ledger.models import PayHandle, Player
from ledger.paying import Handle


def set_pay_handles(
    *, player: Player, handles: dict[str, Handle | None], preferred: str = ""
) -> None:
    """Keep ``handles`` (by service; None removes that service's) for ``player``, in one
    transaction: checked handles only, as ``ledger.paying.clean_handle`` makes them.
    ``preferred`` names the service the player would rather be paid by (settle-up shows it
    first); blank leaves the services' own order."""
    with transaction.atomic():
        for kind, handle in handles.items():
            if handle is None:
                PayHandle.objects.filter(player=player, kind=kind).delete()
                continue
            PayHandle.objects.update_or_create(
                player=player,
                kind=kind,
                defaults={"value": handle.value, "holder": handle.holder},
            )
        kept = PayHandle.objects.filter(player=player)
        kept.exclude(kind=preferred).update(preferred=False)
        kept.filter(kind=preferred).update(preferred=True)
