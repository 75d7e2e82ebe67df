"""Signing up and logging in; logging out and changing passwords are Django's own views."""

from typing import Any

from django.contrib.auth import login
from django.contrib.auth.forms import AuthenticationForm, UserCreationForm
from django.contrib.auth.views import LoginView
from django.core.validators import MaxLengthValidator
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import redirect, render
from django.utils.http import url_has_allowed_host_and_scheme
from django.views.decorators.http import require_http_methods


@require_http_methods(["GET", "POST"])
def signup(request: HttpRequest) -> HttpResponse:
    form: UserCreationForm[Any] = UserCreationForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        user = form.save()
        login(request, user, backend="django.contrib.auth.backends.ModelBackend")
        next_url = request.POST.get("next", "")
        if next_url and url_has_allowed_host_and_scheme(
            next_url, allowed_hosts={request.get_host()}, require_https=request.is_secure()
        ):
            return HttpResponseRedirect(next_url)  # a path: redirect() would try it as a view name
        return redirect("ledger:home")
    return render(
        request, "registration/signup.html", {"form": form, "next": request.GET.get("next", "")}
    )


class LoginForm(AuthenticationForm):
    """Django's log-in form, refusing a name longer than any account's before it is tried.

    Django sets the field's ``max_length`` after building it, so nothing checks it; a
    10,000-character name would reach the lock-out's record of failures (255 characters on
    PostgreSQL) and fail there.
    """

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        username = self.fields["username"]
        username.validators.append(MaxLengthValidator(username.max_length))


login_view = LoginView.as_view(authentication_form=LoginForm)
