"""Who is in a league: invitations, roles, share links and "this is me" claims."""

import secrets

from django.contrib.auth.models import User
from django.db import IntegrityError, transaction
from django.utils import timezone

from ledger.errors import LedgerError
from ledger.models import (
    Invitation,
    League,
    Membership,
    Night,
    Player,
    Role,
    ShareLink,
)


def new_token() -> tuple[str, str]:
    """A public lookup key and a secret of 192 bits."""
    return secrets.token_urlsafe(8)[:10], secrets.token_urlsafe(24)


def invite(*, league: League, role: str, acting_user: User) -> tuple[Invitation, str]:
    """A single-use invitation; returns it and the secret that goes in its link."""
    if role not in Role.values:
        raise LedgerError("role_invalid", value=role)
    lookup, secret = new_token()
    invitation = Invitation.objects.create(
        league=league, role=role, lookup=lookup, token=secret, created_by=acting_user
    )
    return invitation, secret


def _invitation(invitations, lookup: str, secret: str) -> Invitation | None:
    """The invitation with this lookup key, if the secret matches (compared in constant time)."""
    invitation = invitations.filter(lookup=lookup).first()
    if invitation is None or not secrets.compare_digest(invitation.token.encode(), secret.encode()):
        return None
    return invitation


def pending_invitation(*, lookup: str, secret: str) -> Invitation | None:
    """What an invitation link offers, shown only to whoever holds its secret."""
    invitations = Invitation.objects.pending().select_related("league")
    return _invitation(invitations, lookup, secret)


def accept_invitation(*, lookup: str, secret: str, user) -> Membership:
    """Join the league with the invited role; a used invitation is refused, even under a race."""
    with transaction.atomic():
        invitation = _invitation(Invitation.objects.select_for_update(), lookup, secret)
        if invitation is None:
            raise LedgerError("invitation_unknown")
        if invitation.used_at is not None:
            raise LedgerError("invitation_used")
        # The league's lock orders this with role changes and other invitations of the user.
        League.objects.select_for_update().filter(pk=invitation.league_id).first()
        membership = Membership.objects.filter(league=invitation.league, user=user).first()
        if membership is None:
            membership = Membership.objects.create(
                league=invitation.league, user=user, role=invitation.role
            )
        invitation.used_by, invitation.used_at = user, timezone.now()
        invitation.save(update_fields=["used_by", "used_at"])
        return membership


def _lock_membership(membership: Membership) -> tuple[Membership, int]:
    """The membership as it is now, and how many owners its league has, under the league's lock.

    Two owners demoting each other at once must not both see "another owner is left":
    locking the league row queues every change of its members. (A ``count()`` of rows
    selected for update locks nothing: Django drops FOR UPDATE from aggregates.)
    """
    League.objects.select_for_update().filter(pk=membership.league_id).first()
    fresh = Membership.objects.filter(pk=membership.pk).first()
    if fresh is None:
        raise LedgerError("member_gone")
    owners = Membership.objects.filter(league=membership.league_id, role=Role.OWNER).count()
    return fresh, owners


def set_role(*, membership: Membership, role: str) -> Membership:
    if role not in Role.values:
        raise LedgerError("role_invalid", value=role)
    with transaction.atomic():
        membership, owners = _lock_membership(membership)
        if membership.role == Role.OWNER and role != Role.OWNER and owners == 1:
            raise LedgerError("last_owner")
        membership.role = role
        membership.save(update_fields=["role"])
        return membership


def remove_member(*, membership: Membership) -> None:
    with transaction.atomic():
        membership, owners = _lock_membership(membership)
        if membership.role == Role.OWNER and owners == 1:
            raise LedgerError("last_owner")
        membership.delete()


def share(
    *,
    league: League,
    acting_user: User,
    night: Night | None = None,
    reuse: bool = False,
) -> ShareLink:
    """A read-only link to the league, or to one night of it; ``reuse`` gives back a live one."""
    if reuse:
        live = league.share_links.live().filter(night=night).order_by("-pk").first()
        if live is not None:
            return live
    lookup, secret = new_token()
    return ShareLink.objects.create(
        league=league, night=night, lookup=lookup, token=secret, created_by=acting_user
    )


def revoke_share(*, link: ShareLink) -> ShareLink:
    if link.revoked_at is None:
        link.revoked_at = timezone.now()
        link.save(update_fields=["revoked_at"])
    return link


def claim_player(*, player: Player, user) -> Player:
    """ "This is me": link a player record to the user's account (one per league)."""
    with transaction.atomic():
        player = Player.objects.select_for_update().get(pk=player.pk)
        if player.user_id is not None and player.user_id != user.pk:
            raise LedgerError("player_claimed", player=player.name)
        already = LedgerError("already_a_player", league=player.league.name)
        if Player.objects.filter(league=player.league_id, user=user).exclude(pk=player.pk).exists():
            raise already
        player.user = user
        try:  # two players claimed at once: the constraint keeps one per user
            with transaction.atomic():
                player.save(update_fields=["user"])
        except IntegrityError:
            raise already from None
        return player
